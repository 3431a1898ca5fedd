/** The invoice exists but was never transmitted (or has no number yet), so there is no PDF or XML of it. */
export class DocumentNotAvailableError extends Error {
  constructor(readonly documentId: string, readonly status: string) {
    super(`the invoice is ${status}; a PDF or XML exists only once it is validated by the tax authority`);
    this.name = 'DocumentNotAvailableError';
  }
}

/** The Idempotency-Key was already used for a different request (another path or body). */
export class IdempotencyKeyReusedError extends Error {
  constructor() {
    super('this Idempotency-Key was already used with a different request (another path or body)');
    this.name = 'IdempotencyKeyReusedError';
  }
}

/** The body of a draft does not have the shape of the family's body; `issues` names each field. */
export class DraftShapeError extends Error {
  constructor(readonly issues: Array<{ field: string; message: string }>) {
    super(`the draft body is not valid: ${issues.length} problem(s)`);
    this.name = 'DraftShapeError';
  }
}
