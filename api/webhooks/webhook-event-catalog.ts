import { TEST_EVENT_TYPE, type WebhookEventType } from '../../domain/webhooks/webhook-event-types.ts';

/** One notification type as GET /v1/webhook-events and the OpenAPI `webhooks` section describe it. */
export interface WebhookCatalogEntry {
  /** When it is sent. */
  description: string;
  /** What `data.object` is. */
  object: string;
  /** The component schemas `data.object` is one of (none: a free-form object). */
  schemas: readonly string[];
  /** Whether `data.family` names the document family. */
  family: boolean;
}

const DOCUMENT = ['DocumentRecord'];
const documentObject = (status: string) =>
  `The document as \`GET {base}/{id}\` of its family showed it right after the event (status \`${status}\`; without \`emails\`). ` +
  '`data.family` names the family (sales-invoice, credit-note, debit-note, support-document, adjustment-note, payroll, payroll-adjustment).';
const MESSAGE_OBJECT = 'The message as `GET /v1/messages/{id}` showed it right after the event: its status and its `events` up to that one.';

/** The catalog: the single source of the descriptions the endpoint, the OpenAPI document and the README show. */
export const WEBHOOK_EVENT_CATALOG: Readonly<Record<WebhookEventType | typeof TEST_EVENT_TYPE, WebhookCatalogEntry>> = {
  'document.created': {
    description: 'A document was created: posted to its family (seed 000), or written as a draft through `POST /v1/invoices` (seed 001).',
    object:
      'A posted document as `GET {base}/{id}` of its family showed it right after the event (status `pending`; without `emails`); ' +
      'a draft as `GET /v1/invoices/{id}` showed it (status `draft`), as only that face shows drafts. `data.family` names the family.',
    schemas: ['DocumentRecord', 'Invoice'],
    family: true,
  },
  'document.sent': {
    description: 'The document was handed to the tax authority (DIAN): its first submission attempt started.',
    object: documentObject('sent'),
    schemas: DOCUMENT,
    family: true,
  },
  'document.validated': {
    description: 'DIAN validated the document: it now has its number and its CUFE, CUDE, CUDS or CUNE, and DIAN’s notifications in `warnings`.',
    object: documentObject('validated'),
    schemas: DOCUMENT,
    family: true,
  },
  'document.rejected': {
    description: 'DIAN rejected the document; `errors` lists the rules it broke.',
    object: documentObject('rejected'),
    schemas: DOCUMENT,
    family: true,
  },
  'document.failed': {
    description: 'The document could not be submitted: the provider stayed unavailable through every retry, or refused it without DIAN’s answer (`failure_reason`).',
    object: documentObject('failed'),
    schemas: DOCUMENT,
    family: true,
  },
  'document.cancelled': {
    description: 'The document was discarded (`DELETE`) before DIAN validated it, or a draft of `/v1/invoices` before it was transmitted.',
    object: `${documentObject('cancelled')} A draft discarded before it was transmitted as \`GET /v1/invoices/{id}\` showed it (status \`discarded\`).`,
    schemas: ['DocumentRecord', 'Invoice'],
    family: true,
  },
  'document.voided': {
    description: 'A validated document was voided: the annulment that names it (e.g. a credit note with concept 2) was validated; `voided_by` names it.',
    object: documentObject('voided'),
    schemas: DOCUMENT,
    family: true,
  },
  'document.acceptance_event': {
    description:
      'A RADIAN event (030 acknowledgement, 031 claim, 032 goods received, 033 express acceptance, 034 tacit acceptance) was recorded on a ' +
      'sales invoice. Sent to the company that issued the invoice, and to the company it was issued to when that company uses this service ' +
      '(its received documents).',
    object:
      'To the issuer: the event as `GET /invoices/v1/sales-invoices/{id}/events` lists it, plus `invoice` (id, number, links) naming the ' +
      'invoice. To the receiving company: the received document as `GET /receptions/v1/received-documents/{id}` showed it right after ' +
      'the event, whose last entry of `events` is this one. `data.family` is `sales-invoice`.',
    schemas: ['WebhookAcceptanceEvent', 'ReceivedDocument'],
    family: true,
  },
  'message.sent': {
    description: 'The e-mail was accepted by the mail relay (or written to the outbox of an embedded deployment).',
    object: MESSAGE_OBJECT,
    schemas: ['Message'],
    family: false,
  },
  'message.failed': {
    description: 'The e-mail could not be delivered: the relay refused it for good, or every attempt failed.',
    object: MESSAGE_OBJECT,
    schemas: ['Message'],
    family: false,
  },
  'message.blocked': {
    description: 'The message was not sent: it was blocked when accepted (`statusDetail`), e.g. a test key writing to a recipient off the company’s list.',
    object: MESSAGE_OBJECT,
    schemas: ['Message'],
    family: false,
  },
  [TEST_EVENT_TYPE]: {
    description: 'Sent only by `POST /v1/webhook-endpoints/{id}/test`, whatever the endpoint subscribes to; it cannot be subscribed to.',
    object: 'A small object about the test itself; it is no resource of the API.',
    schemas: [],
    family: false,
  },
};
