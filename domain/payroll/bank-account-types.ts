/** Payment methods that pay into a bank account: 42 consignación bancaria, 47 transferencia débito bancaria. */
export const BANK_PAYMENT_METHODS: ReadonlySet<string> = new Set(['42', '47']);

/** Account types of the provider's payroll table (reference §1.9); DIAN's Pago/@TipoCuenta is free text. */
export const BANK_ACCOUNT_TYPES: ReadonlyMap<string, string> = new Map([
  ['1', 'Nómina'],
  ['2', 'Ahorros'],
  ['3', 'Corriente'],
]);
