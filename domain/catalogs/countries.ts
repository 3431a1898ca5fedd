import { PAISES } from './generated/paises.ts';
import { withAdditions } from './with-additions.ts';

export const COLOMBIA = 'CO';

/** DIAN Paises; the 2019 list files Suecia under SI (Eslovenia's code) and lacks SE, restored here. */
export const COUNTRIES = withAdditions(PAISES, [['SE', 'Suecia']]);
