import { MEDIOS_PAGO } from './generated/medios-pago.ts';
import { withAdditions } from './with-additions.ts';

/** DIAN MediosPago plus 71 Bonos and 72 Vales, which the provider exposes (reference §3.7). */
export const PAYMENT_METHODS = withAdditions(MEDIOS_PAGO, [
  ['71', 'Bonos'],
  ['72', 'Vales'],
]);
