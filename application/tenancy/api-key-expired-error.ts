/** A key presented whole and correct, after its expiry: answered 401 as a revoked key is, saying when it expired. */
export class ApiKeyExpiredError extends Error {
  constructor(
    readonly keyId: string,
    readonly expiredAt: string,
  ) {
    super(`the API key ${keyId} expired at ${expiredAt}; ask the operator for a new one`);
    this.name = 'ApiKeyExpiredError';
  }
}
