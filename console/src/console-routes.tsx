import { useEffect } from 'preact/hooks';
import { AuditPage } from './audit/audit-page.tsx';
import { DocumentListPage } from './documents/document-list-page.tsx';
import { DocumentPage } from './documents/document-page.tsx';
import type { ApiClient } from './http/api-client.ts';
import { MessagePage } from './messages/message-page.tsx';
import { MessagesPage } from './messages/messages-page.tsx';
import { OperationsPage } from './operations/operations-page.tsx';
import { matchRoute } from './routing/route-match.ts';
import { navigate, type Location } from './routing/router.tsx';
import { can, isOperator, type Identity } from './session/identity.ts';
import { PageTitle } from './ui/feedback.tsx';
import { WebhooksPage } from './webhooks/webhooks-page.tsx';

interface Props {
  api: ApiClient;
  identity: Identity;
  location: Location;
  home: string;
}

function Forbidden() {
  return (
    <>
      <PageTitle>Sin permiso</PageTitle>
      <p>La clave con la que ingresó no tiene permiso para esta sección.</p>
    </>
  );
}

function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** The console's pages by path; a page the key's scopes do not open says so instead of failing against the API. */
export function ConsoleRoutes({ api, identity, location, home }: Props) {
  const { path, search } = location;
  const reads = can(identity, 'invoices:read');
  if (path === '/') return <Redirect to={home} />;
  if (matchRoute('/documentos', path)) return reads ? <DocumentListPage api={api} search={search} /> : <Forbidden />;
  const document = matchRoute('/documentos/:family/:id', path);
  if (document) return reads ? <DocumentPage key={path} api={api} identity={identity} family={document.family} id={document.id} /> : <Forbidden />;
  if (matchRoute('/auditoria', path)) return reads ? <AuditPage api={api} /> : <Forbidden />;
  if (matchRoute('/operaciones', path)) return isOperator(identity) ? <OperationsPage api={api} /> : <Forbidden />;
  if (matchRoute('/mensajes', path)) return can(identity, 'messages:send') ? <MessagesPage api={api} /> : <Forbidden />;
  const message = matchRoute('/mensajes/:id', path);
  if (message) return can(identity, 'messages:send') ? <MessagePage key={path} api={api} id={message.id} /> : <Forbidden />;
  if (matchRoute('/webhooks', path)) return can(identity, 'webhooks:read') ? <WebhooksPage api={api} /> : <Forbidden />;
  return (
    <>
      <PageTitle>Página no encontrada</PageTitle>
      <p>La consola no tiene una página en esta dirección.</p>
    </>
  );
}
