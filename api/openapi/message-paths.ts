import { EMAIL_ROUTES } from '../documents/family-routes.ts';
import { MESSAGE_STATUSES } from '../../domain/messages/message-status.ts';

const problem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/MessageProblem' } } } });
const plainProblem = (description: string) => ({ description, content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } } });
const json = (schema: string, description: string) => ({ description, content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } } });
const correlation = { name: 'X-Correlation-Id', in: 'header', required: false, schema: { type: 'string', maxLength: 200 } };
const common = {
  401: problem('Credential missing or invalid (codigo NO_AUTORIZADO).'),
  403: problem('The key lacks messages:send (codigo PERMISO_INSUFICIENTE).'),
};

/** Seed 002: /v1/messages and /v1/templates. Their problems carry `codigo`. */
export const messagePaths = {
  '/v1/messages': {
    post: {
      tags: ['Mensajes'],
      summary: 'Send a templated e-mail; it is delivered in the background',
      operationId: 'send-message',
      parameters: [{ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 128 } }, correlation],
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/MessageRequest' } } } },
      responses: {
        200: json('Message', 'The idempotency key was used before: the same message; nothing is sent again.'),
        202: json('MessageAccepted', 'Accepted: queued, or blocked (test key, recipient not authorized) with statusDetail.'),
        400: problem('Malformed JSON (codigo JSON_INVALIDO).'),
        ...common,
        404: problem('Brand unknown or not authorized for this application (codigo MARCA_NO_ENCONTRADA).'),
        413: problem('Request body too large.'),
        415: problem('The body is not JSON.'),
        422: problem('VARIABLES_FALTANTES, VARIABLES_INVALIDAS, DEMASIADOS_ADJUNTOS, ADJUNTOS_DEMASIADO_GRANDES, ADJUNTO_INVALIDO or SOLICITUD_INVALIDA; errors[] names each field.'),
        429: { ...problem('Send limit of the key reached (codigo LIMITE_DE_ENVIOS).'), headers: { 'Retry-After': { schema: { type: 'integer' } } } },
      },
    },
    get: {
      tags: ['Mensajes'],
      summary: 'The company’s messages in the key’s environment, newest first (cursor pages)',
      description: 'From the messages read model (it may lag the POST by milliseconds); each message’s events are at GET /v1/messages/{id}.',
      operationId: 'list-messages',
      parameters: [
        { name: 'status', in: 'query', schema: { type: 'string', enum: MESSAGE_STATUSES } },
        { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100, default: 25 } },
        { name: 'cursor', in: 'query', schema: { type: 'string' }, description: '`next_cursor` of the previous page, unchanged (it keeps the status).' },
        correlation,
      ],
      responses: { 200: json('MessageList', 'A page.'), 400: problem('A bad status, limit or cursor, or an unknown parameter (codigo SOLICITUD_INVALIDA); errors[] names it.'), ...common },
    },
  },
  '/v1/messages/{id}': {
    get: {
      tags: ['Mensajes'],
      summary: 'A message: its current status and its events, oldest first',
      operationId: 'get-message',
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', pattern: '^msg_' } }, correlation],
      responses: { 200: json('Message', 'The message.'), ...common, 404: problem('No such message (codigo MENSAJE_NO_ENCONTRADO).') },
    },
  },
  '/v1/templates': {
    get: {
      tags: ['Mensajes'],
      summary: 'Templates with their designs, variables and a sample data object',
      operationId: 'list-templates',
      parameters: [correlation],
      responses: { 200: json('TemplateList', 'The templates.'), ...common },
    },
  },
};

/** Seed 000: POST {base}/{id}/email for the families that have it. */
export const documentEmailPaths = Object.fromEntries(
  EMAIL_ROUTES.map(({ base, tag, title }) => [
    `${base}/{id}/email`,
    {
      post: {
        tags: [tag],
        summary: `E-mail a ${title} with its artifacts to the given address`,
        operationId: `email-${base}`,
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }, correlation],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/DocumentEmailRequest' } } } },
        responses: {
          202: json('DocumentEmailAccepted', 'Accepted; the message is delivered in the background and listed in the document’s `emails`.'),
          401: plainProblem('Credential missing or invalid.'),
          403: plainProblem('The key lacks invoices:write.'),
          404: plainProblem('No such document for this tenant and environment.'),
          409: plainProblem('The document has no tax authority number yet.'),
          415: plainProblem('The body is not JSON.'),
          422: plainProblem('The id is not a UUID or the e-mail address is invalid.'),
          429: plainProblem('Send limit of the key reached.'),
        },
      },
    },
  ]),
);
