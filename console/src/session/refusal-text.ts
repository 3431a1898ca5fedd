import { formatInstant } from '../format/instant.ts';
import { ApiError } from '../http/api-client.ts';

/** Why a key was not taken at sign-in: expired (the problem says when), unknown or revoked, or the service's own failure. */
export function refusalText(failure: unknown): string {
  if (failure instanceof ApiError && failure.status === 401) {
    const expiredAt = failure.problem?.expired_at;
    if (typeof expiredAt === 'string') return `Clave rechazada: venció el ${formatInstant(expiredAt)}; pida una nueva al operador.`;
    return 'Clave rechazada: no existe o fue revocada. Revise que la copió completa.';
  }
  return failure instanceof Error ? failure.message : String(failure);
}
