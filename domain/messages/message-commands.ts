import type { DeliveryOutcome } from './delivery-outcome.ts';
import type { MessageRecord } from './message-events.ts';

export type MessageCommand =
  | { type: 'AcceptMessage'; record: MessageRecord; blockedReason: string | null; now: Date }
  /** Start the next attempt if one is due; `leaseMs` bounds how long it may go unanswered. */
  | { type: 'StartAttempt'; leaseMs: number; now: Date }
  | { type: 'RecordDelivery'; attempt: number; outcome: DeliveryOutcome; now: Date };
