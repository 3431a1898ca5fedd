import { TIPO_ID_FISCAL } from './generated/tipo-id-fiscal.ts';
import { withAdditions } from './with-additions.ts';

export const NIT = '31';
export const CITIZEN_ID_CARD = '13';

/** DIAN TipoIdFiscal plus 47 (PEP) and 48 (PPT, annex 1.9), reference §3.1. */
export const IDENTIFICATION_DOCUMENT_TYPES = withAdditions(TIPO_ID_FISCAL, [
  ['47', 'PEP (Permiso Especial de Permanencia)'],
  ['48', 'PPT (Permiso por Protección Temporal)'],
]);
