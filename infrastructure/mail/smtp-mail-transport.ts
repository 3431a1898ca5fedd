import nodemailer from 'nodemailer';
import type { MailTransport, OutgoingMail } from '../../application/ports/mail-transport.ts';
import type { DeliveryOutcome } from '../../domain/messages/delivery-outcome.ts';
import { classifySmtpError } from './classify-smtp-error.ts';
import { mailOptions } from './mail-options.ts';

interface SmtpTimeouts {
  connectionTimeoutMs?: number;
  greetingTimeoutMs?: number;
  socketTimeoutMs?: number;
}

/** Sends through an SMTP relay (SMTP_URL) with pooled connections; refusals and faults become outcomes. */
export class SmtpMailTransport implements MailTransport {
  readonly name = 'smtp';
  private readonly transporter;

  constructor(url: string, timeouts: SmtpTimeouts = {}) {
    // Every timeout stays well under the attempt lease, so an attempt always ends with an outcome.
    this.transporter = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 5,
      connectionTimeout: timeouts.connectionTimeoutMs ?? 30_000,
      greetingTimeout: timeouts.greetingTimeoutMs ?? 30_000,
      socketTimeout: timeouts.socketTimeoutMs ?? 60_000,
    });
  }

  async send(mail: OutgoingMail): Promise<DeliveryOutcome> {
    try {
      const info = await this.transporter.sendMail(mailOptions(mail));
      return { kind: 'sent', response: String(info.response ?? ''), rejected: (info.rejected ?? []).map(String) };
    } catch (error) {
      return classifySmtpError(error);
    }
  }

  async close(): Promise<void> {
    this.transporter.close();
  }
}
