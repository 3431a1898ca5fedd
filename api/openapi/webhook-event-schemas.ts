const ref = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });

/** The catalog of notifications, and the object an acceptance event's issuer receives. */
export const webhookEventSchemas = {
  WebhookAcceptanceEvent: {
    description: 'An acceptance event as its invoice’s trail lists it (`GET /invoices/v1/sales-invoices/{id}/events`), with the invoice it is on.',
    allOf: [ref('DocumentEvent')],
    type: 'object',
    required: ['invoice'],
    properties: {
      invoice: {
        type: 'object',
        required: ['id', 'number', 'links'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          number: { type: 'string', example: 'SETP990000001' },
          links: {
            type: 'object',
            required: ['self', 'events'],
            properties: { self: { type: 'string', example: '/invoices/v1/sales-invoices/{id}' }, events: { type: 'string', example: '/invoices/v1/sales-invoices/{id}/events' } },
          },
        },
      },
    },
  },
  WebhookEventCatalog: {
    type: 'object',
    required: ['data'],
    properties: {
      data: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['type', 'description', 'object', 'schemas', 'family', 'subscribable'],
          properties: {
            type: { type: 'string', example: 'document.validated' },
            description: { type: 'string', description: 'When it is sent.' },
            object: { type: 'string', description: 'What `data.object` is.' },
            schemas: {
              type: 'array',
              items: { type: 'string', example: '#/components/schemas/DocumentRecord' },
              description: 'The schemas of this document `data.object` is one of (empty: a free-form object).',
            },
            family: { type: 'boolean', description: 'Whether `data.family` names the document family.' },
            subscribable: { type: 'boolean', description: 'Whether an endpoint may list it in `events` (`webhook.test` is sent on request only).' },
          },
        },
      },
    },
  },
} as const;
