import { MAX_ATTACHMENTS } from '../../domain/messages/attachment-rules.ts';
import { MESSAGE_STATUSES } from '../../domain/messages/message-status.ts';
import { DESIGNS, TEMPLATE_SLUGS } from '../../domain/messages/template-catalog.ts';

const oneLine = { type: 'string', pattern: '^[^\\r\\n]*$' };
const address = { type: 'string', format: 'email', maxLength: 254 };

/** Seed 002 (messages) and the seed 000 e-mail operation. */
export const messageSchemas = {
  MessageRequest: {
    type: 'object',
    additionalProperties: false,
    required: ['to', 'template'],
    properties: {
      channel: { type: 'string', enum: ['email'], default: 'email' },
      to: {
        type: ['string', 'array'],
        description: 'One address, or a list of them.',
        format: 'email',
        maxLength: 254,
        items: address,
        minItems: 1,
        maxItems: 50,
      },
      template: {
        type: 'object',
        additionalProperties: false,
        required: ['slug'],
        properties: { slug: { type: 'string', enum: TEMPLATE_SLUGS }, design: { type: 'string', enum: DESIGNS, default: 'moderno' } },
      },
      brand: { type: 'string', minLength: 1, maxLength: 64, description: 'Registered for the company by the operator; default: the configured default brand.' },
      data: { type: 'object', description: 'Variables of the template (GET /v1/templates lists them with a sample).' },
      content: {
        type: 'object',
        additionalProperties: false,
        properties: {
          subject: { ...oneLine, minLength: 1, maxLength: 998 },
          fromName: { ...oneLine, minLength: 1, maxLength: 200, description: 'Visible sender name; the address is set by the service.' },
          replyTo: address,
          attachments: {
            type: 'array',
            description: `At most ${MAX_ATTACHMENTS}, at most 10 MB decoded in total.`,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['filename', 'content'],
              properties: { filename: { type: 'string', minLength: 1, maxLength: 255 }, content: { type: 'string', description: 'Base64, without a data: prefix.' } },
            },
          },
        },
      },
      idempotencyKey: { type: 'string', minLength: 1, maxLength: 128, description: 'Alternative to the Idempotency-Key header.' },
    },
  },
  MessageAccepted: {
    type: 'object',
    required: ['id', 'status'],
    properties: {
      id: { type: 'string', pattern: '^msg_' },
      status: { type: 'string', enum: ['queued', 'blocked'] },
      statusDetail: { type: 'string', description: 'Why the message was blocked.' },
    },
  },
  MessageEvent: {
    type: 'object',
    required: ['type', 'at'],
    properties: {
      type: { type: 'string', enum: ['queued', 'blocked', 'attempt_started', 'attempt_failed', 'sent', 'failed'] },
      at: { type: 'string', format: 'date-time' },
      attempt: { type: 'integer', minimum: 1 },
      failure: { type: 'string', enum: ['temporary', 'permanent'] },
      error: { type: 'string' },
      nextAttemptAt: { type: ['string', 'null'], format: 'date-time' },
      response: { type: 'string', description: 'The relay’s answer.' },
      rejected: { type: 'array', items: { type: 'string' } },
      detail: { type: 'string' },
      reason: { type: 'string' },
    },
  },
  Message: {
    type: 'object',
    required: ['id', 'status', 'events'],
    properties: {
      id: { type: 'string', pattern: '^msg_' },
      status: { type: 'string', enum: MESSAGE_STATUSES, description: '`sent` once the SMTP relay accepted it.' },
      statusDetail: { type: 'string' },
      channel: { type: 'string' },
      to: { type: 'array', items: { type: 'string' } },
      template: { type: 'object', properties: { slug: { type: 'string' }, design: { type: 'string' } } },
      brand: { type: 'string' },
      subject: { type: 'string' },
      fromName: { type: 'string' },
      replyTo: { type: ['string', 'null'] },
      attachments: { type: 'array', items: { type: 'object', properties: { filename: { type: 'string' }, size: { type: 'integer' } } } },
      idempotencyKey: { type: 'string' },
      document: { type: 'object', properties: { family: { type: 'string' }, id: { type: 'string' }, number: { type: 'string' } } },
      attempts: { type: 'integer' },
      nextAttemptAt: { type: ['string', 'null'], format: 'date-time' },
      createdAt: { type: 'string', format: 'date-time' },
      updatedAt: { type: 'string', format: 'date-time' },
      events: { type: 'array', description: 'Oldest first; every delivery attempt is one.', items: { $ref: '#/components/schemas/MessageEvent' } },
    },
  },
  TemplateList: {
    type: 'object',
    required: ['templates'],
    properties: {
      templates: {
        type: 'array',
        items: {
          type: 'object',
          required: ['slug', 'designs', 'sampleData'],
          properties: {
            slug: { type: 'string' },
            name: { type: 'string' },
            designs: { type: 'array', items: { type: 'string' } },
            defaultDesign: { type: 'string' },
            variables: { type: 'array', items: { type: 'object' } },
            sampleData: { type: 'object' },
          },
        },
      },
    },
  },
  MessageProblem: {
    allOf: [{ $ref: '#/components/schemas/Problem' }, { type: 'object', required: ['codigo'], properties: { codigo: { type: 'string', example: 'VARIABLES_FALTANTES' } } }],
  },
  DocumentEmailRequest: {
    type: 'object',
    additionalProperties: false,
    required: ['email'],
    properties: { email: { ...address, description: 'The recipient; never taken from the document.' } },
  },
  DocumentEmailAccepted: {
    type: 'object',
    required: ['message_id', 'status', 'links'],
    properties: {
      message_id: { type: 'string', pattern: '^msg_' },
      status: { type: 'string', enum: ['queued', 'blocked'] },
      status_detail: { type: 'string' },
      links: { type: 'object', properties: { message: { type: 'string' }, document: { type: 'string' } } },
    },
  },
  DocumentEmail: {
    type: 'object',
    required: ['id', 'to', 'status'],
    properties: { id: { type: 'string' }, to: { type: 'array', items: { type: 'string' } }, status: { type: 'string', enum: MESSAGE_STATUSES } },
  },
  MessageListItem: {
    type: 'object',
    required: ['id', 'status', 'to', 'template', 'subject', 'created_at', 'updated_at', 'statusDetail'],
    properties: {
      id: { type: 'string', pattern: '^msg_' },
      status: { type: 'string', enum: MESSAGE_STATUSES },
      to: { type: 'array', items: { type: 'string' } },
      template: {
        type: ['object', 'null'],
        properties: { slug: { type: 'string' }, design: { type: 'string' } },
        description: 'Null for a message listed before the read model kept it (rebuild the messages projection).',
      },
      subject: { type: 'string' },
      created_at: { type: 'string', format: 'date-time' },
      updated_at: { type: 'string', format: 'date-time' },
      statusDetail: { type: ['string', 'null'], description: 'Why it is blocked or failed.' },
    },
  },
  MessageList: {
    type: 'object',
    required: ['data', 'next_cursor'],
    properties: {
      data: { type: 'array', items: { $ref: '#/components/schemas/MessageListItem' } },
      next_cursor: { type: ['string', 'null'] },
    },
  },
} as const;
