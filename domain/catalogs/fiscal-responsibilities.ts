import { TIPO_RESPONSABILIDAD } from './generated/tipo-responsabilidad.ts';
import { withAdditions } from './with-additions.ts';

/** Exactly the five codes in force since annex 1.7-2020 (reference §3.8); older ones (O-06, R-00-PN…) are obsolete. */
export const FISCAL_RESPONSIBILITIES = withAdditions(TIPO_RESPONSABILIDAD, [['R-99-PN', 'No aplica – Otros']]);
