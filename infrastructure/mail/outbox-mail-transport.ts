import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from '../../application/ports/mail-transport.ts';
import type { DeliveryOutcome } from '../../domain/messages/delivery-outcome.ts';
import { mailOptions } from './mail-options.ts';

/** The embedded default: each message becomes `<outbox>/<message id>.eml` (a retry rewrites the same file). */
export class OutboxMailTransport implements MailTransport {
  readonly name = 'outbox';
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  constructor(readonly directory: string) {}

  async send(mail: OutgoingMail): Promise<DeliveryOutcome> {
    const info = await this.composer.sendMail(mailOptions(mail));
    await mkdir(this.directory, { recursive: true });
    const file = join(this.directory, `${mail.messageId}.eml`);
    // Written aside and renamed, so a reader never sees half a message.
    await writeFile(`${file}.tmp`, info.message as Buffer);
    await rename(`${file}.tmp`, file);
    return { kind: 'sent', response: `written to ${file}`, rejected: [] };
  }

  async close(): Promise<void> {}
}
