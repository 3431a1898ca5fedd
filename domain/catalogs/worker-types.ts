import { TIPO_TRABAJADOR } from './generated/tipo-trabajador.ts';

/** DIAN TipoTrabajador (reference §9.1): 01 dependiente, 02 servicio doméstico, … 58. */
export const WORKER_TYPES: ReadonlyMap<string, string> = TIPO_TRABAJADOR;
