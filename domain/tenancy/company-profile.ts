/** The company's logo as its profile and its documents name it: the image itself is stored once, by this hash. */
export interface LogoReference {
  /** Lower-case hex SHA-256 of the image bytes. */
  sha256: string;
  content_type: 'image/png' | 'image/jpeg';
  /** Bytes of the image. */
  size: number;
  width: number;
  height: number;
}

/**
 * What DIAN documents say about the issuing company besides its NIT and names (reference §3.8, §3.9, §3.12): where it
 * is, how to reach it, its organization type, tax scheme, fiscal responsibilities, economic activities, commercial
 * registration and logo. Field names are the ones the API shows (snake_case), from the tenant's events to the issuer
 * recorded on each document.
 */
export interface CompanyProfile {
  /** The address line (street and number). */
  address: string | null;
  /** DIVIPOLA code of the municipality (Colombia only); the city and department are named from the DIAN lists. */
  municipality_code: string | null;
  postal_code: string | null;
  /** ISO 3166-1 alpha-2 of the DIAN list; Colombia unless set otherwise. */
  country_code: string;
  phone: string | null;
  email: string | null;
  /** 1 persona jurídica (legal entity), 2 persona natural (natural person). */
  organization_type: '1' | '2' | null;
  /** The party tax scheme: 01 IVA, ZZ no aplica. */
  tax_scheme: '01' | 'ZZ' | null;
  /** Fiscal responsibilities of the DIAN list (O-13, O-15, O-23, O-47, R-99-PN); empty when not given. */
  responsibilities: string[];
  /** Economic activities (CIIU rev. 4 A.C., four digits), the principal first. */
  ciiu: string[];
  /** Commercial registration (matrícula mercantil). */
  registration: string | null;
  logo: LogoReference | null;
}

export const EMPTY_COMPANY_PROFILE: CompanyProfile = {
  address: null,
  municipality_code: null,
  postal_code: null,
  country_code: 'CO',
  phone: null,
  email: null,
  organization_type: null,
  tax_scheme: null,
  responsibilities: [],
  ciiu: [],
  registration: null,
  logo: null,
};

/** The fields a profile update may name, in the order they are reported. */
export const PROFILE_FIELDS = [
  'address',
  'municipality_code',
  'postal_code',
  'country_code',
  'phone',
  'email',
  'organization_type',
  'tax_scheme',
  'responsibilities',
  'ciiu',
  'registration',
  'logo',
] as const satisfies readonly (keyof CompanyProfile)[];

export type ProfileField = (typeof PROFILE_FIELDS)[number];

/**
 * A change to the profile as a JSON merge patch (RFC 7396): a field left out stays, `null` removes it (an empty list
 * for the lists, Colombia for the country). Values are as sent and checked by the tenant's decider; the logo comes as
 * its bytes.
 */
export type ProfilePatch = { [K in Exclude<ProfileField, 'logo'>]?: unknown } & { logo?: Uint8Array | null };
