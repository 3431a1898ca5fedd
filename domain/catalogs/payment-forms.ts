import { FORMAS_PAGO } from './generated/formas-pago.ts';

export const CREDIT_PAYMENT = '2';

/** 1 Contado, 2 Crédito. */
export const PAYMENT_FORMS: ReadonlyMap<string, string> = FORMAS_PAGO;
