/** Codes only the invoice management API for integrations (seed 001) answers; the shared ones are in error-codes.ts. */
export const INVOICE_MANAGEMENT_ERROR_CODES = [
  { code: 'document_not_available', status: 404, meaning: 'Integrations: the invoice exists but was never transmitted (or has no number yet), so no PDF or XML exists.' },
  { code: 'invoice_not_issuable', status: 422, meaning: 'Integrations: only an invoice in status issued can be issued; detail and `invoice_status` name its status.' },
  { code: 'invoice_validation_failed', status: 422, meaning: 'Integrations: local checks before contacting the authority failed; errors[] names each field. Fix it and call again with a new Idempotency-Key.' },
  { code: 'invoice_not_editable', status: 422, meaning: 'Integrations (drafting): only a draft can be edited or finalized; `invoice_status` names the status.' },
  { code: 'invoice_not_discardable', status: 422, meaning: 'Integrations (drafting): only a draft or an issued invoice not yet transmitted can be discarded.' },
  { code: 'rate_limited', status: 429, meaning: 'Integrations: the key used up its quota for the window; Retry-After gives the seconds to wait.' },
  { code: 'service_unavailable', status: 503, meaning: 'The invoicing provider or the tax authority could not be reached; retry after Retry-After seconds.' },
] as const;
