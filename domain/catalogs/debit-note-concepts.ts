import { CONCEPTO_NOTA_DEBITO } from './generated/concepto-nota-debito.ts';

/** 1 Intereses, 2 Gastos por cobrar, 3 Cambio del valor, 4 Otros. */
export const DEBIT_NOTE_CONCEPTS: ReadonlyMap<string, string> = CONCEPTO_NOTA_DEBITO;
