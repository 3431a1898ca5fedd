import type { AcceptanceEventCode } from './acceptance-codes.ts';

const ACCEPTANCE_STATUSES = ['none', 'acknowledged', 'goods_received', 'claimed', 'accepted', 'tacitly_accepted'] as const;
type AcceptanceStatus = (typeof ACCEPTANCE_STATUSES)[number];

/** Where the trail stands, from its most telling event: an acceptance, then a claim, then receipt of goods, then 030. */
export function acceptanceStatusOf(codes: readonly AcceptanceEventCode[]): AcceptanceStatus {
  if (codes.includes('034')) return 'tacitly_accepted';
  if (codes.includes('033')) return 'accepted';
  if (codes.includes('031')) return 'claimed';
  if (codes.includes('032')) return 'goods_received';
  if (codes.includes('030')) return 'acknowledged';
  return 'none';
}
