import { formatCalendarDate, formatInstant } from '../format/instant.ts';
import type { IdentityWarning } from './identity.ts';

const days = (value: unknown) => (value === 1 ? '1 día' : `${String(value)} días`);

/** A warning of `GET /v1/me` as a Spanish sentence; a code the console does not know keeps the API's own words. */
export function warningText(warning: IdentityWarning): string {
  const w = warning;
  switch (w.code) {
    case 'api_key_expiring':
      return `Esta clave vence el ${formatInstant(w.expires_at)} (en ${days(w.days_left)}): pida una nueva al operador y cambie a ella antes.`;
    case 'resolution_running_out':
      return `A la resolución ${String(w.resolution_number)} (prefijo ${String(w.prefix)}) le quedan ${String(w.remaining)} de ${String(w.size)} números.`;
    case 'resolution_expiring':
      return `La resolución ${String(w.resolution_number)} (prefijo ${String(w.prefix)}) vence el ${formatCalendarDate(w.valid_to)} (en ${days(w.days_left)}).`;
    case 'certificate_expiring':
      return `El certificado de firma (serie ${String(w.serial_number)}) vence el ${formatInstant(w.valid_to)} (en ${days(w.days_left)}): importe su renovación.`;
    case 'certificate_expired':
      return `El certificado de firma (serie ${String(w.serial_number)}) venció el ${formatInstant(w.valid_to)}: importe su renovación.`;
    case 'certificate_missing':
      return 'No hay certificado de firma para producción: importe el PKCS#12 de la empresa.';
    default:
      return w.message;
  }
}
