/** Our body says something Factus's request cannot carry; the document cannot go through Factus as it is. */
export class FactusMappingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`);
    this.name = 'FactusMappingError';
  }
}
