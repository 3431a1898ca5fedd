import type { CompanyProfile } from '../tenancy/company-profile.ts';

/** The issuing company as recorded on each of its documents, so a later change of the company alters no document. */
export interface Issuer {
  nit: string;
  dv: string;
  legal_name: string;
  trade_name: string;
  /**
   * The company profile when the document was created (its logo by hash). Absent on documents recorded before
   * companies had profiles: they render with the sandbox's documented placeholders, as they always did.
   */
  profile?: CompanyProfile;
}
