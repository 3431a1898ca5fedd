import { MUNICIPIO } from './generated/municipio.ts';

/** DIVIPOLA 5-digit municipality codes of Colombia (DIAN Municipio list). */
export const MUNICIPALITIES: ReadonlyMap<string, string> = MUNICIPIO;
