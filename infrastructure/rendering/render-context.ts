import type { SigningRequest } from '../../application/ports/xml-signer.ts';
import { familyNamed } from '../../domain/documents/families/index.ts';
import type { DocumentFamily } from '../../domain/documents/document-family.ts';
import type { Issuer } from '../../domain/documents/issuer.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { colombiaDateTime, type LocalDateTime } from '../../domain/shared/colombia-time.ts';
import { PRODUCTION, TESTING, type DianEnvironment } from '../../domain/unique-codes/dian-environment.ts';
import { qrUrl } from '../../domain/unique-codes/qr.ts';
import { softwareSecurityCode } from '../../domain/unique-codes/software-security-code.ts';
import { HABILITACION_PERIOD, HABILITACION_RANGES, HABILITACION_SOFTWARE, type NumberingRange } from './habilitacion-ranges.ts';
import type { CompanyLogo, RenderServices } from './render-services.ts';

/** Everything a renderer needs, derived once from a numbered document; no clock is read. */
export interface RenderContext {
  document: DocumentState;
  family: DocumentFamily;
  number: string;
  /** The number without the range prefix. */
  consecutive: string;
  uniqueCode: string;
  environment: DianEnvironment;
  /** The resolution that numbered it (InvoiceControl), as recorded at validation; DIAN's habilitación range on older documents. */
  range: NumberingRange;
  /** The resolution's validity (AuthorizationPeriod). */
  authorizationPeriod: { start: string; end: string };
  issuer: Issuer;
  /** The software that numbered it (SoftwareProvider/SoftwareID, ProveedorXML/@SoftwareID). */
  softwareId: string;
  softwareSecurityCode: string;
  qrUrl: string;
  /** When the authority validated the document, in Colombian time (the issue instant if unknown). */
  validated: LocalDateTime;
  /** The issuer's logo for the PDF, if the company has one. */
  logo: CompanyLogo | null;
  /** Signs a finished XML with the issuer's certificate, stating the document's issue instant as signing time. */
  sign(xml: string): Promise<string>;
}

export async function renderContext(document: DocumentState, services: RenderServices): Promise<RenderContext> {
  if (!document.family || document.number === null || document.issuer === null) {
    throw new Error(`document ${document.id} has no number to render`);
  }
  const family = familyNamed(document.family);
  const recorded = document.numbering;
  const range: NumberingRange = recorded
    ? { ...recorded.resolution, resolution: recorded.resolution.number, technicalKey: recorded.resolution.technicalKey ?? '' }
    : HABILITACION_RANGES[family.name];
  const number = document.number;
  const uniqueCode = document.uniqueCode ?? '';
  const environment = document.environment === 'live' ? PRODUCTION : TESTING;
  return {
    document,
    family,
    number,
    consecutive: number.startsWith(range.prefix) ? number.slice(range.prefix.length) : number,
    uniqueCode,
    environment,
    range,
    authorizationPeriod: recorded ? { start: recorded.resolution.validFrom, end: recorded.resolution.validTo } : { ...HABILITACION_PERIOD },
    issuer: document.issuer,
    softwareId: recorded?.software.id ?? HABILITACION_SOFTWARE.id,
    softwareSecurityCode:
      recorded?.software.securityCode ?? softwareSecurityCode({ softwareId: HABILITACION_SOFTWARE.id, softwarePin: HABILITACION_SOFTWARE.pin, documentNumber: number }),
    qrUrl: qrUrl(uniqueCode, environment),
    validated: document.validatedAt
      ? colombiaDateTime(new Date(document.validatedAt))
      : { date: document.issueDate, time: document.issueTime },
    logo: await services.logoOf(document),
    sign: (xml) => services.signer.sign(xml, signingRequestOf(document)),
  };
}

/** Whose key signs the document's XML, stating its issue instant: the same document signs to the same bytes. */
export function signingRequestOf(document: DocumentState): SigningRequest {
  return { tenantId: document.tenantId, environment: document.environment, signingTime: `${document.issueDate}T${document.issueTime}` };
}
