/** Something the company must set up before DIAN can be called (software identity, test set id, certificate): the message says what. */
export class DianSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DianSetupError';
  }
}

/** DIAN answered, but refused: its own code and description. */
export class DianRefusalError extends Error {
  constructor(
    readonly operation: string,
    readonly code: string,
    readonly description: string,
  ) {
    super(`DIAN refused ${operation}: code ${code}${description ? ` "${description}"` : ''}`);
    this.name = 'DianRefusalError';
  }
}
