import type { SendMailOptions } from 'nodemailer';
import type { OutgoingMail } from '../../application/ports/mail-transport.ts';

/** nodemailer's message for an OutgoingMail; the Message-ID comes from the message id, the same on every retry. */
export function mailOptions(mail: OutgoingMail): SendMailOptions {
  const domain = mail.from.address.split('@')[1] ?? 'localhost';
  return {
    from: { name: mail.from.name, address: mail.from.address },
    to: mail.to,
    ...(mail.replyTo && { replyTo: mail.replyTo }),
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: `<${mail.messageId}@${domain}>`,
    headers: { 'X-Message-Id': mail.messageId },
    attachments: mail.attachments.map((attachment) => ({ filename: attachment.filename, content: attachment.content })),
  };
}
