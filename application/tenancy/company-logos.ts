import { keepBounded } from '../../domain/shared/bounded-map.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import type { LogoReference } from '../../domain/tenancy/company-profile.ts';
import { metadataFor, type RequestContext } from '../event-sourcing/request-context.ts';
import { ConcurrencyError, type EventStore } from '../ports/event-store.ts';

/**
 * One stream per logo image of a company, named by the image's hash: the bytes are written once, and the profile and
 * every document refer to them by hash. Kept out of the tenant's own stream, which every process reads again every few
 * seconds, and out of every document's events.
 */
export const companyLogoStreamId = (tenantId: string, sha256: string) => `companyLogo-${tenantId}.${sha256}`;

export interface CompanyLogoImage {
  bytes: Buffer;
  contentType: LogoReference['content_type'];
}

/** Images are immutable (named by their hash), so a few recent ones are kept in memory for renders. */
const CACHED_IMAGES = 16;

export class CompanyLogos {
  private readonly cache = new Map<string, CompanyLogoImage>();

  constructor(private readonly events: EventStore) {}

  /** Stores the image once; storing the same image again changes nothing. */
  async store(tenantId: string, reference: LogoReference, bytes: Uint8Array, context: RequestContext, at: Date): Promise<void> {
    const data = { tenantId, ...reference, base64: Buffer.from(bytes).toString('base64'), at: at.toISOString() };
    try {
      await this.events.append(companyLogoStreamId(tenantId, reference.sha256), [{ type: 'CompanyLogoStored', data, metadata: metadataFor(context) }], 'no_stream');
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
    }
  }

  /** The image a company stored under `sha256`; null when it never stored one. */
  async image(tenantId: string, sha256: string): Promise<CompanyLogoImage | null> {
    const key = companyLogoStreamId(tenantId, sha256);
    const cached = this.cache.get(key);
    if (cached) return cached;
    const [stored] = await this.events.readStream(key);
    if (!stored) return null;
    const image: CompanyLogoImage = { bytes: Buffer.from(String(stored.data.base64), 'base64'), contentType: stored.data.content_type as CompanyLogoImage['contentType'] };
    keepBounded(this.cache, key, image, CACHED_IMAGES);
    return image;
  }

  /** The logo the document's issuer had when the document was created; null for a company without one. */
  async ofDocument(document: DocumentState): Promise<CompanyLogoImage | null> {
    const logo = document.issuer?.profile?.logo;
    return logo ? this.image(document.tenantId, logo.sha256) : null;
  }
}
