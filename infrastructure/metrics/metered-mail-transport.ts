import type { MailTransport, OutgoingMail } from '../../application/ports/mail-transport.ts';
import type { DeliveryOutcome } from '../../domain/messages/delivery-outcome.ts';
import type { ServiceMetrics } from './service-metrics.ts';

/** Counts delivery attempts by outcome (sent, temporary, permanent, error). */
export class MeteredMailTransport implements MailTransport {
  readonly name: string;

  constructor(
    private readonly inner: MailTransport,
    private readonly metrics: ServiceMetrics,
  ) {
    this.name = inner.name;
  }

  async send(mail: OutgoingMail): Promise<DeliveryOutcome> {
    try {
      const outcome = await this.inner.send(mail);
      this.metrics.emails.inc({ outcome: outcome.kind });
      return outcome;
    } catch (error) {
      this.metrics.emails.inc({ outcome: 'error' });
      throw error;
    }
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
