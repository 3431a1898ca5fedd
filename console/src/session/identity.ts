/** One of `GET /v1/me`'s warnings: a stable code, the API's English sentence, and what it is about. */
export interface IdentityWarning {
  code: string;
  message: string;
  [detail: string]: unknown;
}

/** `GET /v1/me`: what the key is and may do. An operator key has `admin` and no company. */
export interface Identity {
  key: { id: string; prefix: string; name: string | null; created_at: string; expires_at?: string | null };
  company: { id: string; name: string; trade_name?: string | null; tax_id: string; check_digit: string } | null;
  environment: 'test' | 'live' | null;
  scopes: string[];
  warnings?: IdentityWarning[];
}

export const can = (identity: Identity, scope: string): boolean => identity.scopes.includes(scope);

export const isOperator = (identity: Identity): boolean => can(identity, 'admin');

/** The console's sections a key may open, in the order of the navigation. */
export function sectionsFor(identity: Identity): Array<{ to: string; label: string }> {
  const sections: Array<{ to: string; label: string }> = [];
  if (can(identity, 'invoices:read')) sections.push({ to: '/documentos', label: 'Documentos' }, { to: '/auditoria', label: 'Auditoría' });
  if (can(identity, 'messages:send')) sections.push({ to: '/mensajes', label: 'Mensajes' });
  if (can(identity, 'webhooks:read')) sections.push({ to: '/webhooks', label: 'Webhooks' });
  if (isOperator(identity)) sections.push({ to: '/operaciones', label: 'Operaciones' });
  return sections;
}
