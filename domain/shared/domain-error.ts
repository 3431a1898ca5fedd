/** Every code a rule of the domain refuses a command with; the HTTP layer words each one. */
export type DomainErrorCode =
  // any aggregate
  | 'already_exists'
  | 'not_found'
  | 'validation_failed'
  // tenancy: companies and their keys
  | 'invalid_nit'
  | 'invalid_name'
  | 'invalid_scopes'
  // idempotency records of the invoice API (seed 001)
  | 'idempotency_conflict'
  | 'already_completed'
  | 'in_progress'
  | 'not_holder'
  // messages: brands and recipient lists
  | 'invalid_brand'
  | 'invalid_address'
  // acceptance trails
  | 'event_not_allowed'
  // documents: discard, void and drafts
  | 'document_validated'
  | 'already_voided'
  | 'not_voidable'
  | 'void_in_progress'
  | 'not_discardable'
  | 'not_editable'
  | 'not_issuable'
  // what the company must have before issuing: profile, numbering, certificate
  | 'company_profile_incomplete'
  | 'numbering_unavailable'
  | 'certificate_expired'
  // webhooks: the endpoints of a company
  | 'webhook_endpoint_limit';

/** A rule of the domain refused the command; the message is for the client. */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
