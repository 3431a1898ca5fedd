import { hash } from 'node:crypto';

const ID_NAMESPACE = '6f1d3c2e-8a4b-5c6d-9e0f-1a2b3c4d5e6f';
const NAMESPACE_BYTES = Buffer.from(ID_NAMESPACE.replaceAll('-', ''), 'hex');

/**
 * The id of the document a POST creates: a UUID v5 (RFC 9562: SHA-1 of namespace and name) of (tenant, environment,
 * family, Idempotency-Key), the same value uuid's v5 gives, computed with node's SHA-1 in one call per request.
 */
export function issuedDocumentId(tenantId: string, environment: string, family: string, idempotencyKey: string): string {
  const name = `${tenantId}|${environment}|${family}|${idempotencyKey}`;
  const input = Buffer.allocUnsafe(NAMESPACE_BYTES.length + Buffer.byteLength(name, 'utf8'));
  NAMESPACE_BYTES.copy(input, 0);
  input.write(name, NAMESPACE_BYTES.length, 'utf8');
  const digest = hash('sha1', input, 'buffer');
  digest[6] = (digest[6] & 0x0f) | 0x50;
  digest[8] = (digest[8] & 0x3f) | 0x80;
  const hex = digest.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
