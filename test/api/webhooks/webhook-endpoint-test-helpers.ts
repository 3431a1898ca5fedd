import type { HostResolver } from '../../../infrastructure/webhooks/dns-webhook-url-check.ts';
import { http, type HttpAnswer } from '../../support/http.ts';
import type { TestApp } from '../../support/test-app.ts';

export const ENDPOINTS = '/v1/webhook-endpoints';

/** Public and private names, answered without DNS. */
export const TEST_DNS: HostResolver = async (host) => {
  const table: Record<string, string[]> = {
    'hooks.example.com': ['93.184.216.34'],
    'intranet.example.com': ['10.0.0.7'],
  };
  if (!table[host]) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return table[host];
};

export const endpointBody = (extra: Record<string, unknown> = {}) => ({ url: 'https://hooks.example.com/facturacion', events: ['document.validated'], ...extra });

export function webhookCall(app: TestApp, key: string | undefined, method: string, path = '', body?: unknown): Promise<HttpAnswer> {
  return http(app.baseUrl, method, `${ENDPOINTS}${path}`, { key, body });
}
