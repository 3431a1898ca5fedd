import { CONCEPTO_NOTA_CREDITO } from './generated/concepto-nota-credito.ts';
import { withAdditions } from './with-additions.ts';

/** Provider catalog 1–6 (reference §3.6, §12.1); the 2019 list's 5 "Otros" is replaced by prompt-payment discount. */
export const CREDIT_NOTE_CONCEPTS = withAdditions(
  new Map([...CONCEPTO_NOTA_CREDITO].filter(([code]) => code !== '5')),
  [
    ['5', 'Descuento comercial por pronto pago'],
    ['6', 'Descuento comercial por volumen de ventas'],
  ],
);
