import type { Request } from 'express';
import type { SendMessageInput } from '../../application/messages/send-message-input.ts';
import type { ValidationIssue } from '../../domain/shared/validation-issue.ts';
import { problems } from '../http/problem.ts';

interface MessageBody {
  to: string | string[];
  template: { slug: string; design?: string };
  brand?: string;
  data?: Record<string, unknown>;
  content?: SendMessageInput['content'];
  idempotencyKey?: string;
}

/** The idempotency key from the header or the body (seed 002: up to 128 characters); both must agree. */
function idempotencyKey(req: Request, body: MessageBody): string | undefined {
  const header = req.get('Idempotency-Key');
  const issues: ValidationIssue[] = [];
  if (header !== undefined && (header.length === 0 || header.length > 128)) {
    issues.push({ field: 'Idempotency-Key', message: `must be 1 to 128 characters; got ${header.length}` });
  }
  if (header !== undefined && body.idempotencyKey !== undefined && header !== body.idempotencyKey) {
    issues.push({ field: 'idempotencyKey', message: 'differs from the Idempotency-Key header; send one, or the same in both' });
  }
  if (issues.length > 0) throw problems.validation('the idempotency key is invalid', issues);
  return header ?? body.idempotencyKey;
}

/** A schema-valid body as the use case takes it. */
export function sendMessageInput(req: Request, body: MessageBody): SendMessageInput {
  return {
    to: typeof body.to === 'string' ? [body.to] : body.to,
    template: body.template,
    brand: body.brand,
    data: body.data ?? {},
    content: body.content,
    idempotencyKey: idempotencyKey(req, body),
  };
}
