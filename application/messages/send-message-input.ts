import type { AttachmentInput } from '../../domain/messages/attachment-rules.ts';
import type { DocumentRef } from '../../domain/messages/message-events.ts';

/** A message request as seed 002 lays it out, after its shape was validated. */
export interface SendMessageInput {
  to: string[];
  template: { slug: string; design?: string };
  brand?: string;
  data: Record<string, unknown>;
  content?: { subject?: string; fromName?: string; replyTo?: string; attachments?: AttachmentInput[] };
  idempotencyKey?: string;
  /** Set when the message carries a document (seed 000 e-mail). */
  document?: DocumentRef;
}
