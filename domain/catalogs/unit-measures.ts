import { UNIDADES_MEDIDA } from './generated/unidades-medida.ts';

/** 94 unidad: the unit of a line that names none. */
export const DEFAULT_UNIT_MEASURE = '94';

/** UN/ECE rec 20 subset of the DIAN UnidadesMedida list (94 = unidad). */
export const UNIT_MEASURES: ReadonlyMap<string, string> = UNIDADES_MEDIDA;
