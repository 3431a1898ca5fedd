import { TIPO_CONTRATO } from './generated/tipo-contrato.ts';

const SPELLING_FIXES: ReadonlyMap<string, string> = new Map([
  ['1', 'Término Fijo'],
  ['5', 'Prácticas o Pasantías'],
]);

/** DIAN TipoContrato 1–5 (reference §9.1); two names of the 2019 list are misspelt there and corrected here. */
export const CONTRACT_TYPES: ReadonlyMap<string, string> = new Map(
  [...TIPO_CONTRATO].map(([code, name]) => [code, SPELLING_FIXES.get(code) ?? name]),
);
