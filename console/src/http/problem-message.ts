/** The members of an RFC 9457 problem the console reads. */
export interface ProblemBody {
  status?: number;
  code?: string;
  title?: string;
  detail?: string;
  errors?: Array<{ field?: string; message?: string }>;
  /** Members a problem adds (`verification_id`, `required_scope`, ...). */
  [member: string]: unknown;
}

const BY_CODE: Record<string, string> = {
  unauthorized: 'La clave de API no es válida o fue revocada.',
  insufficient_scope: 'La clave no tiene permiso para esta operación.',
  not_found: 'No se encontró: no existe, o no pertenece a la empresa y el ambiente de la clave.',
  validation_failed: 'Algún dato no es válido.',
  document_not_numbered: 'El documento aún no tiene número de la DIAN: no se puede descargar ni enviar por correo.',
  invoice_not_numbered: 'La factura aún no tiene número de la DIAN: todavía no tiene eventos.',
  representation_unavailable: 'El proveedor aún no tiene esa representación del documento; inténtelo más tarde.',
  provider_unavailable: 'El proveedor tecnológico no responde; inténtelo más tarde.',
  store_unavailable: 'Un almacén de datos del servicio no responde; inténtelo más tarde.',
  rebuild_running: 'Ya hay una reconstrucción de esa proyección en curso.',
  verification_running: 'Ya hay una verificación del rastro en curso para esta empresa y ambiente.',
  rate_limited: 'Demasiadas solicitudes con esta clave; espere un momento.',
  archive_too_large: 'El periodo tiene más documentos de los que caben en un archivo: pida un periodo más corto o un solo tipo.',
  internal_error: 'El servicio falló; el identificador de la solicitud queda en sus registros.',
};

/**
 * A problem (or a failure with no body) as one readable Spanish sentence: what the code means, then the API's own
 * detail and the fields it names (the API speaks English; the field names are the API's).
 */
export function problemMessage(status: number, problem: ProblemBody | undefined): string {
  const code = problem?.code ?? '';
  const meaning = BY_CODE[code] ?? (status >= 500 ? `El servicio respondió con un error (${status}).` : `La solicitud fue rechazada (${status}).`);
  const fields = (problem?.errors ?? [])
    .filter((issue) => issue.field || issue.message)
    .map((issue) => `${issue.field ?? ''} ${issue.message ?? ''}`.trim());
  const detail = problem?.detail ? ` Detalle: ${problem.detail}.` : '';
  const named = fields.length > 0 ? ` Campos: ${fields.join('; ')}.` : '';
  return `${meaning}${detail}${named}`.replace(/\.\./g, '.');
}

/** The file name of a `Content-Disposition` header (`attachment; filename="z123.zip"`), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const match = disposition ? /filename="?([^";]+)"?/i.exec(disposition) : null;
  return match ? match[1] : fallback;
}
