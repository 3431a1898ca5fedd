/** The issuing company as recorded on each of its documents. */
export interface Issuer {
  nit: string;
  dv: string;
  legal_name: string;
  trade_name: string;
}
