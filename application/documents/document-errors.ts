/** The same Idempotency-Key was used before with another request. */
export class IdempotencyConflictError extends Error {
  constructor(readonly documentId: string) {
    super('the Idempotency-Key was already used with a different request body');
    this.name = 'IdempotencyConflictError';
  }
}

/** No document with that id in the caller's tenant and environment (another tenant's id looks the same). */
export class DocumentNotFoundError extends Error {
  constructor(readonly documentId: string) {
    super(`no document with id ${documentId}`);
    this.name = 'DocumentNotFoundError';
  }
}
