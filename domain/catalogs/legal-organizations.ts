import { TIPO_ORGANIZACION } from './generated/tipo-organizacion.ts';

/** 1 Persona Jurídica, 2 Persona Natural (reference §3.9). */
export const LEGAL_ORGANIZATIONS: ReadonlyMap<string, string> = TIPO_ORGANIZACION;
