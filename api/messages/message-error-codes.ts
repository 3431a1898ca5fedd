/** Codes of the messages face: `code` like every problem, and `codigo` as seed 002 names it. */
export const MESSAGE_ERROR_CODES = [
  { code: 'missing_variables', codigo: 'VARIABLES_FALTANTES', status: 422, meaning: 'Messages (codigo VARIABLES_FALTANTES): the data lacks variables the template needs; `variables` and errors[] name each one.' },
  { code: 'invalid_variables', codigo: 'VARIABLES_INVALIDAS', status: 422, meaning: 'Messages (codigo VARIABLES_INVALIDAS): a template variable has the wrong type; errors[] names each one.' },
  { code: 'brand_not_found', codigo: 'MARCA_NO_ENCONTRADA', status: 404, meaning: 'Messages (codigo MARCA_NO_ENCONTRADA): the brand is unknown, or not authorized for the calling application.' },
  { code: 'message_not_found', codigo: 'MENSAJE_NO_ENCONTRADO', status: 404, meaning: 'Messages (codigo MENSAJE_NO_ENCONTRADO): no message with that id for the key’s company and environment.' },
  { code: 'too_many_attachments', codigo: 'DEMASIADOS_ADJUNTOS', status: 422, meaning: 'Messages (codigo DEMASIADOS_ADJUNTOS): more than 10 attachments.' },
  { code: 'attachments_too_large', codigo: 'ADJUNTOS_DEMASIADO_GRANDES', status: 422, meaning: 'Messages (codigo ADJUNTOS_DEMASIADO_GRANDES): attachments above 10 MB in total once decoded.' },
  { code: 'invalid_attachment', codigo: 'ADJUNTO_INVALIDO', status: 422, meaning: 'Messages (codigo ADJUNTO_INVALIDO): an attachment is not plain base64 (a data: prefix, bad characters) or has no usable file name.' },
  { code: 'send_limit_exceeded', codigo: 'LIMITE_DE_ENVIOS', status: 429, meaning: 'Messages (codigo LIMITE_DE_ENVIOS): the key reached its send limit for the window; retry after Retry-After seconds with the same idempotency key.' },
] as const;

/** The `codigo` of the codes every face shares. */
const SHARED_CODIGOS: Record<string, string> = {
  validation_failed: 'SOLICITUD_INVALIDA',
  bad_request: 'SOLICITUD_INVALIDA',
  malformed_json: 'JSON_INVALIDO',
  unauthorized: 'NO_AUTORIZADO',
  insufficient_scope: 'PERMISO_INSUFICIENTE',
  not_found: 'NO_ENCONTRADO',
  payload_too_large: 'CUERPO_DEMASIADO_GRANDE',
  unsupported_media_type: 'TIPO_DE_CONTENIDO_NO_ADMITIDO',
  internal_error: 'ERROR_INTERNO',
};

const CODIGOS: Record<string, string> = { ...SHARED_CODIGOS, ...Object.fromEntries(MESSAGE_ERROR_CODES.map((entry) => [entry.code, entry.codigo])) };

export function codigoOf(code: string): string {
  return CODIGOS[code] ?? code.toUpperCase();
}
