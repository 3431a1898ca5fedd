import type { ValidationIssue } from '../shared/validation-issue.ts';
import { CLAIM_CONCEPTS, RECEIVER_EVENT_CODES, isReceiverEventCode } from './acceptance-codes.ts';

interface ReceiverEventInput {
  code: unknown;
  claimConcept?: unknown;
}

/** What makes a receiver's event impossible whatever the trail holds: its code and its claim concept. */
export function receiverEventIssues({ code, claimConcept }: ReceiverEventInput): ValidationIssue[] {
  if (code === '034') {
    return [{ field: 'code', message: '034 (tacit acceptance) is recorded by the issuer’s service when three business days pass after 032; a receiver cannot send it' }];
  }
  if (code === undefined) return [{ field: 'code', message: `is required: one of ${RECEIVER_EVENT_CODES.join(', ')}` }];
  if (!isReceiverEventCode(code)) return [{ field: 'code', message: `must be one of ${RECEIVER_EVENT_CODES.join(', ')}; got ${JSON.stringify(code)}` }];
  const concepts = [...CLAIM_CONCEPTS.keys()].join(', ');
  if (code === '031' && claimConcept === undefined) {
    return [{ field: 'claim_concept', message: `is required with a claim (031): one of ${concepts}` }];
  }
  if (code === '031' && !CLAIM_CONCEPTS.has(String(claimConcept))) {
    return [{ field: 'claim_concept', message: `must be one of ${concepts}; got ${JSON.stringify(claimConcept)}` }];
  }
  if (code !== '031' && claimConcept !== undefined) {
    return [{ field: 'claim_concept', message: `is only sent with a claim (031), not with ${code}` }];
  }
  return [];
}
