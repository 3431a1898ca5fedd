import { Router, type Request, type Response } from 'express';
import { authenticate, principalOf, requestContext, requireScope } from '../http/authentication.ts';
import { jsonBody } from '../http/json-body.ts';
import { answerAs } from '../http/problem-context.ts';
import { Problem, problems } from '../http/problem.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { TEMPLATES, DESIGNS, DEFAULT_DESIGN } from '../../domain/messages/template-catalog.ts';
import { sendMessageInput } from './message-request.ts';
import { acceptedMessage, messageListItem, messageRepresentation } from '../../application/representations/message-representation.ts';
import { messagesCursor, parseMessageListQuery } from './message-list-query.ts';
import type { MessageServices } from './message-services.ts';

// Room for 10 MB of attachments once base64-encoded (about 13.4 MB) plus the rest of the request.
const MESSAGES_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** Seed 002: POST /v1/messages, GET /v1/messages (the company's, newest first), GET /v1/messages/{id}, GET /v1/templates (scope messages:send; problems carry codigo). */
export function messageRoutes(services: { apiKeys: ApiKeys; validator: SchemaValidator; messages: MessageServices }): Router {
  const router = Router();
  const json = jsonBody(MESSAGES_BODY_LIMIT_BYTES);
  router.use(['/v1/messages', '/v1/templates'], answerAs({ face: 'messages' }), authenticate(services.apiKeys), requireScope('messages:send'));

  router.post('/v1/messages', json, async (req: Request, res: Response) => {
    if (!req.is('application/json')) {
      throw new Problem(415, 'unsupported_media_type', 'Unsupported media type', 'send the message as JSON with Content-Type: application/json');
    }
    const issues = services.validator.validate('MessageRequest', req.body);
    if (issues.length > 0) throw problems.validation('the message request is not valid', issues);
    const input = sendMessageInput(req, req.body);
    const result = await services.messages.sendMessage.execute(input, principalOf(res), requestContext(res));
    if (!result.created) return void res.status(200).json(messageRepresentation(result.state, result.events));
    res.status(202).location(`/v1/messages/${result.state.record!.messageId}`).json(acceptedMessage(result.state));
  });

  router.get('/v1/messages', async (req: Request, res: Response) => {
    const query = parseMessageListQuery(req.query as Record<string, unknown>);
    const page = await services.messages.listMessages.execute(query, principalOf(res));
    res.json({ data: page.items.map(messageListItem), next_cursor: page.next === null ? null : messagesCursor(page.next, query.status) });
  });

  router.get('/v1/messages/:id', async (req: Request, res: Response) => {
    const { state, events } = await services.messages.getMessage.execute(String(req.params.id), principalOf(res));
    res.json(messageRepresentation(state, events));
  });

  router.get('/v1/templates', (_req: Request, res: Response) => {
    res.json({
      templates: TEMPLATES.map((template) => ({
        slug: template.slug,
        name: template.name,
        designs: DESIGNS,
        defaultDesign: DEFAULT_DESIGN,
        variables: template.variables,
        sampleData: template.sampleData,
      })),
    });
  });
  return router;
}
