import { TIPO_CODIGO_PRODUCTO } from './generated/tipo-codigo-producto.ts';
import { withAdditions } from './with-additions.ts';

/** DIAN TipoCodigoProducto (001 UNSPSC, 010 GTIN, 999 own standard) plus 020 Partida Arancelaria (reference §3.10). */
export const PRODUCT_STANDARDS = withAdditions(TIPO_CODIGO_PRODUCTO, [['020', 'Partida Arancelaria']]);
