/** Codes of the webhook delivery routes (besides the shared not_found and validation_failed). */
export const WEBHOOK_DELIVERY_ERROR_CODES = [
  { code: 'webhook_delivery_pending', status: 409, meaning: 'The delivery is still being attempted (next_attempt_at says when); only a finished delivery can be retried.' },
  { code: 'webhook_endpoint_disabled', status: 409, meaning: 'The webhook endpoint is disabled (disabled_reason says why); enable it before retrying, replaying or testing.' },
] as const;
