import type { DocumentEmails } from '../../application/messages/document-emails.ts';
import type { EmailDocument } from '../../application/messages/email-document.ts';
import type { GetMessage } from '../../application/messages/get-message.ts';
import type { ListMessages } from '../../application/messages/list-messages.ts';
import type { SendMessage } from '../../application/messages/send-message.ts';

/** What the messages routes (and the document e-mail route) need from the application. */
export interface MessageServices {
  sendMessage: SendMessage;
  getMessage: GetMessage;
  emailDocument: EmailDocument;
  documentEmails: DocumentEmails;
  listMessages: ListMessages;
}
