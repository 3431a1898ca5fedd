import type { DocumentFamilyName } from '../documents/document-family.ts';

interface AttachmentInfo {
  filename: string;
  size: number;
}

/** The document an e-mail carries (seed 000 `POST {base}/{id}/email`). */
export interface DocumentRef {
  family: DocumentFamilyName;
  documentId: string;
  number: string;
}

/** Everything a message is, fixed when it is accepted: rendered once, so a retry sends exactly the same e-mail. */
export interface MessageRecord {
  messageId: string;
  tenantId: string;
  environment: string;
  /** Key id of the calling application. */
  application: string;
  channel: 'email';
  to: string[];
  template: { slug: string; design: string };
  brand: string;
  data: Record<string, unknown>;
  subject: string;
  html: string;
  text: string;
  fromName: string;
  replyTo: string | null;
  attachments: AttachmentInfo[];
  /** Stream holding the attachment bytes; null without attachments. */
  attachmentsStream: string | null;
  idempotencyKey: string | null;
  document: DocumentRef | null;
}

export type MessageEvent =
  | { type: 'MessageQueued'; data: MessageRecord & { at: string } }
  | { type: 'MessageBlocked'; data: MessageRecord & { statusDetail: string; at: string } }
  | { type: 'MessageAttemptStarted'; data: { messageId: string; attempt: number; leaseUntil: string; at: string } }
  | {
      type: 'MessageAttemptFailed';
      data: { messageId: string; attempt: number; permanent: boolean; error: string; nextAttemptAt: string | null; at: string };
    }
  | { type: 'MessageSent'; data: { messageId: string; attempt: number; response: string; rejected: string[]; at: string } }
  | { type: 'MessageFailed'; data: { messageId: string; reason: string; at: string } };

/** Event types of a message's own stream (the attachment chunks live elsewhere and are never projected). */
export const MESSAGE_EVENT_TYPES = [
  'MessageQueued',
  'MessageBlocked',
  'MessageAttemptStarted',
  'MessageAttemptFailed',
  'MessageSent',
  'MessageFailed',
] as const satisfies ReadonlyArray<MessageEvent['type']>;
