/** What one delivery attempt came to: accepted by the relay, or refused for now (retry) or for good. */
export type DeliveryOutcome =
  | { kind: 'sent'; response: string; rejected: string[] }
  | { kind: 'temporary'; error: string }
  | { kind: 'permanent'; error: string };
