/** The invoice has no tax-authority number yet (pending, sent, rejected, failed or cancelled), so it has no trail. */
export class InvoiceNotNumberedError extends Error {
  constructor(readonly documentId: string, readonly status: string) {
    super(`the invoice is ${status}; it has no tax authority number yet, so it has no acceptance events`);
    this.name = 'InvoiceNotNumberedError';
  }
}
