import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { DianSettings } from '../../config/provider-config.ts';
import type { SigningKeys } from '../../signing/xades-signer.ts';
import { dianEndpoint } from '../../dian/web-services/dian-endpoints.ts';
import type { DianCall } from '../../dian/web-services/dian-web-services.ts';

const PAYROLL_FAMILIES = new Set(['payroll', 'payroll-adjustment']);

export const isPayroll = (document: DocumentState): boolean => PAYROLL_FAMILIES.has(document.family ?? '');

/**
 * How the provider calls DIAN about a document: at the endpoint of its environment (payroll's, when DIAN_PAYROLL_URL
 * sets one, for every call about a payroll document), signed with the company's certificate valid now.
 */
export class DianCalls {
  constructor(
    private readonly settings: Pick<DianSettings, 'url' | 'payrollUrl'>,
    private readonly keys: SigningKeys,
  ) {}

  /** Null when the company has no certificate valid at `at` (DIAN reads the sender's NIT from it: nothing goes unsigned). */
  async about(document: DocumentState, at: Date): Promise<DianCall | null> {
    const key = await this.keys.signingKey(document.tenantId, document.environment, at);
    if (!key) return null;
    const endpoint = dianEndpoint(this.settings, document.environment, isPayroll(document) ? 'payroll' : 'documents');
    return { endpoint, credentials: { privateKeyPem: key.privateKeyPem, chainPem: key.chainPem } };
  }

  /** Whether the document XML gets signed: the signer takes the certificate valid at the issue instant. */
  async canSign(document: DocumentState): Promise<boolean> {
    const at = new Date(`${document.issueDate}T${document.issueTime}`);
    if (Number.isNaN(at.getTime())) return false;
    return (await this.keys.signingKey(document.tenantId, document.environment, at)) !== null;
  }
}
