import type { DeliveryOutcome } from '../../domain/messages/delivery-outcome.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
}

export interface OutgoingMail {
  /** The message id (`msg_…`); adapters derive the Message-ID header from it, so a retry carries the same one. */
  messageId: string;
  from: { name: string; address: string };
  to: string[];
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** Carries an e-mail to a relay (SMTP) or an outbox; a refused or unreachable relay is an outcome, not a throw. */
export interface MailTransport {
  readonly name: string;
  send(mail: OutgoingMail): Promise<DeliveryOutcome>;
  close(): Promise<void>;
}
