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
};
