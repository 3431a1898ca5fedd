import type { AcceptanceEventCode } from './acceptance-codes.ts';
import type { DianEventStatus } from './dian-transmission.ts';

/** The natural person who sent the event on behalf of the company (the provider's event body). */
export interface EventPerson {
  identification_document_code: string;
  identification: string;
  first_name: string;
  last_name: string;
  job_title?: string;
  organization_department?: string;
}

/** Who emitted the event: the receiver of the invoice (030–033) or its issuer (034). */
export interface AcceptanceActor {
  role: 'receiver' | 'issuer';
  nit: string;
  name: string;
  person?: EventPerson;
}

/** One entry of an invoice's acceptance trail (DESIGN.md: `{ code, name, number, unique_code, effective_at, actor }`). */
export interface AcceptanceRecord {
  code: AcceptanceEventCode;
  name: string;
  /** Consecutive of the event within the invoice's trail: 1, 2, 3… */
  number: string;
  /** CUDE of the event (reference §2.3). */
  uniqueCode: string;
  /** ISO 8601 instant the event was issued. */
  effectiveAt: string;
  actor: AcceptanceActor;
  /** 01–04, only on a claim (031). */
  claimConcept?: string;
  /** Only when the deployment sends the company's events to DIAN: where that stands. */
  dian?: DianEventStatus;
}
