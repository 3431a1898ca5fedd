import { Router, type Request, type RequestHandler, type Response } from 'express';
import type { ApiKeys } from '../../application/tenancy/api-keys.ts';
import { authenticate, principalOf, requestContext, requireScope } from '../http/authentication.ts';
import { Problem, problems } from '../http/problem.ts';
import type { SchemaValidator } from '../http/schema-validator.ts';
import type { MessageServices } from '../messages/message-services.ts';
import { EMAIL_ROUTES } from './family-routes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Seed 000 `POST {base}/{id}/email` `{email}`: 202 once the message is accepted (it is then delivered like any
 * message of /v1/messages); 409 while the document has no tax authority number; 422 for a bad id or address.
 */
export function documentEmailRoutes(services: { apiKeys: ApiKeys; validator: SchemaValidator; messages: MessageServices }, json: RequestHandler): Router {
  const router = Router();
  for (const { family, base } of EMAIL_ROUTES) {
    router.post(`${base}/:id/email`, authenticate(services.apiKeys), requireScope('invoices:write'), json, async (req: Request, res: Response) => {
      const id = String(req.params.id);
      if (!UUID.test(id)) throw problems.validation('the id in the path is not a UUID', [{ field: 'id', message: `must be a UUID; got "${id}"` }]);
      if (!req.is('application/json')) throw new Problem(415, 'unsupported_media_type', 'Unsupported media type', 'send {"email": "..."} as JSON');
      const issues = services.validator.validate('DocumentEmailRequest', req.body);
      if (issues.length > 0) throw problems.validation('the e-mail request is not valid', issues);
      const idempotencyKey = req.get('Idempotency-Key') || undefined;
      const input = { family, documentId: id.toLowerCase(), email: String(req.body.email), idempotencyKey };
      const { state } = await services.messages.emailDocument.execute(input, principalOf(res), requestContext(res));
      const messageId = state.record!.messageId;
      res.status(202).json({
        message_id: messageId,
        status: state.status,
        ...(state.statusDetail && { status_detail: state.statusDetail }),
        links: { message: `/v1/messages/${messageId}`, document: `${base}/${id.toLowerCase()}` },
      });
    });
  }
  return router;
}
