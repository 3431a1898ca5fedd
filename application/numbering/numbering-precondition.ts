import { colombiaDateTime } from '../../domain/shared/colombia-time.ts';
import type { IssuanceRequest, IssuancePrecondition } from '../documents/issuance-precondition.ts';
import type { Clock } from '../ports/clock.ts';
import type { DocumentNumbering } from './document-numbering.ts';

/**
 * A document enters issuance only when a resolution can number it: one is reserved for it now (the one its body names
 * by `prefix`, else the oldest usable), so concurrent requests never accept more documents than a range has numbers.
 * The reservation is idempotent by document id: a retried request keeps the one it made.
 */
export class NumberingPrecondition implements IssuancePrecondition {
  constructor(
    private readonly numbering: DocumentNumbering,
    private readonly clock: Clock,
  ) {}

  async check({ family, documentId, body, context }: IssuanceRequest): Promise<void> {
    const prefix = typeof body.prefix === 'string' ? body.prefix : undefined;
    const scope = { tenantId: context.tenantId, environment: context.environment, family: family.name };
    await this.numbering.reserve(scope, documentId, prefix, colombiaDateTime(this.clock.now()).date, context.receivedAt);
  }

  /** The document was not created: its reservation is given back at once. */
  async abandon({ family, documentId, context }: IssuanceRequest): Promise<void> {
    const scope = { tenantId: context.tenantId, environment: context.environment, family: family.name };
    await this.numbering.releaseReservation(scope, documentId, 'abandoned');
  }
}
