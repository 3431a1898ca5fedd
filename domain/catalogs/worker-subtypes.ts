import { SUB_TIPO_TRABAJADOR } from './generated/sub-tipo-trabajador.ts';

/** 00: the worker has no subtype. */
export const NO_WORKER_SUBTYPE = '00';

/** DIAN SubTipoTrabajador (reference §9.1): 00 no aplica, 01 dependiente pensionado por vejez activo. */
export const WORKER_SUBTYPES: ReadonlyMap<string, string> = SUB_TIPO_TRABAJADOR;
