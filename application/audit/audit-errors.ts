/** A verification of the company's trail in that environment is running already (in this instance or another). */
export class VerificationRunningError extends Error {
  constructor(readonly runningId: string) {
    super(`verification ${runningId} of this company's trail is still running; follow it, or start another once it ends`);
    this.name = 'VerificationRunningError';
  }
}

/** No verification with that id for the company and environment of the key. */
export class VerificationNotFoundError extends Error {
  constructor(readonly verificationId: string) {
    super(`no verification ${verificationId} for this company and environment`);
    this.name = 'VerificationNotFoundError';
  }
}
