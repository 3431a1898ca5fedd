import type { DianWebServices } from './dian-web-services.ts';

/**
 * The SOAP client of DIAN's web services. Placeholder until the client is merged: the real one has this signature
 * (`fetch` and `clock` optional, for tests).
 */
export function createDianWebServices(_options: { timeoutMs: number; fetch?: typeof fetch; clock?: () => Date }): DianWebServices {
  throw new Error('DIAN SOAP client not built');
}
