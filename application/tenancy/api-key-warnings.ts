import { DAY_MS } from '../../domain/shared/day-ms.ts';
import type { ApiKeyState } from '../../domain/tenancy/api-key.ts';
import type { CompanyWarning } from './company-warnings.ts';

/** How long before its expiry a key warns whoever presents it. */
export const KEY_EXPIRY_NOTICE_DAYS = 14;

/** `api_key_expiring` for the key presented, from 14 days before it expires: its client must switch to a new key by then. */
export function apiKeyWarnings(key: ApiKeyState, now: Date): CompanyWarning[] {
  if (key.expiresAt === null) return [];
  const leftMs = Date.parse(key.expiresAt) - now.getTime();
  if (leftMs > KEY_EXPIRY_NOTICE_DAYS * DAY_MS) return [];
  const daysLeft = Math.max(0, Math.floor(leftMs / DAY_MS));
  return [
    {
      code: 'api_key_expiring',
      message: `this API key expires at ${key.expiresAt}, in ${daysLeft} days (notice from ${KEY_EXPIRY_NOTICE_DAYS}); switch the client to a new key before then`,
      details: { key_id: key.keyId, expires_at: key.expiresAt, days_left: daysLeft },
    },
  ];
}
