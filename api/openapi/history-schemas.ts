import { TRAIL_FINDING_KINDS } from '../../application/audit/trail-finding.ts';

/** Auditors' view of a document: every event with who caused it and the record after it. */
export const historySchemas = {
  DocumentHistoryEvent: {
    type: 'object',
    required: ['revision', 'event_id', 'type', 'recorded_at', 'actor', 'correlation_id', 'hash', 'status', 'state'],
    properties: {
      revision: { type: 'integer', minimum: 0, description: 'Position of the event in the document, from 0.' },
      event_id: { type: 'string' },
      type: { type: 'string', example: 'DocumentValidated' },
      recorded_at: { type: 'string', format: 'date-time', description: 'When the event store recorded the event.' },
      actor: { type: ['string', 'null'], description: 'Id of the API key that caused it, `system:<component>` for the service itself, `cli` for an operator.' },
      correlation_id: { type: ['string', 'null'], description: 'X-Correlation-Id of the request the event comes from.' },
      causation_id: { type: ['string', 'null'] },
      hash: { type: ['string', 'null'], description: 'SHA-256 chaining this event to the one before it (verify with `audit verify`).' },
      status: { type: 'string', description: 'The document status right after the event.' },
      state: { $ref: '#/components/schemas/DocumentRecord' },
    },
  },
  DocumentHistory: {
    type: 'object',
    required: ['id', 'events', 'links'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      events: { type: 'array', items: { $ref: '#/components/schemas/DocumentHistoryEvent' }, description: 'Oldest first.' },
      links: { type: 'object' },
    },
  },
  TrailFinding: {
    type: 'object',
    required: ['revision', 'position', 'kind', 'detail'],
    properties: {
      revision: { type: ['integer', 'null'], description: 'The revision where the chain breaks (null for a hole in the log whose stream is unknown).' },
      position: { type: ['integer', 'null'], description: 'Its log position (null for a missing event: its position is gone with it).' },
      kind: {
        type: 'string',
        enum: TRAIL_FINDING_KINDS,
        description:
          '`altered`: the event no longer hashes to its stored hash; `reordered`: it hashes under another revision; `missing`: a revision is absent; ' +
          '`broken`: it no longer links to the event before it; `unchained`: written before the trail existed; `duplicate`: two events hold one revision.',
      },
      detail: { type: 'string', example: 'hash mismatch' },
    },
  },
  DocumentTrail: {
    type: 'object',
    required: ['id', 'stream', 'intact', 'events_checked', 'findings'],
    properties: {
      id: { type: 'string', format: 'uuid' },
      stream: { type: 'string', example: 'salesInvoice-42f64edd-4829-5285-af20-fa0cb71f56c4' },
      intact: { type: 'boolean', description: 'True when no event was found altered, reordered, missing, broken or unchained.' },
      events_checked: { type: 'integer', minimum: 0 },
      findings: { type: 'array', items: { $ref: '#/components/schemas/TrailFinding' }, description: 'In log order.' },
    },
  },
};
