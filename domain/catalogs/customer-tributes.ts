/** Party tax scheme of the customer as the provider admits it (reference §3.2). */
export const CUSTOMER_TRIBUTES: ReadonlyMap<string, string> = new Map([
  ['01', 'IVA'],
  ['ZZ', 'No aplica'],
]);
