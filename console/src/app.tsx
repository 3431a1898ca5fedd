import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { ApiError, apiClient, type ApiClient } from './http/api-client.ts';
import { ConsoleRoutes } from './console-routes.tsx';
import { Link, navigate, useLocation } from './routing/router.tsx';
import { can, sectionsFor, type Identity } from './session/identity.ts';
import { forgetKey, storedKey, storeKey } from './session/session-store.ts';
import { SignInPage } from './session/sign-in-page.tsx';
import { warningText } from './session/warning-text.ts';
import { ErrorNote, Loading } from './ui/feedback.tsx';

interface Session {
  key: string;
  identity?: Identity;
}

/** The console: signed out, the sign-in page; signed in, the sections the key's scopes open. */
export function App() {
  const [session, setSession] = useState<Session | undefined>(() => {
    const key = storedKey();
    return key ? { key } : undefined;
  });
  const [notice, setNotice] = useState<string>();
  const [unreachable, setUnreachable] = useState<string>();
  const location = useLocation();

  const signOut = useCallback((message?: string) => {
    forgetKey();
    setSession(undefined);
    setNotice(message);
  }, []);

  const api: ApiClient | undefined = useMemo(
    () => session && apiClient(session.key, (message) => signOut(`Se cerró la sesión: ${message}`)),
    [session?.key, signOut],
  );

  // A key kept from before a reload is asked who it is again; a 401 signs out (the client does), any other failure
  // (the service down) keeps the key and offers to try again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!session || session.identity || !api) return;
    setUnreachable(undefined);
    api.get<Identity>('/v1/me').then(
      (identity) => setSession({ key: session.key, identity }),
      (error: unknown) => !(error instanceof ApiError && error.status === 401) && setUnreachable(error instanceof Error ? error.message : String(error)),
    );
  }, [session, api, attempt]);

  if (!session) {
    const onSignedIn = (key: string, identity: Identity) => {
      storeKey(key);
      setNotice(undefined);
      setSession({ key, identity });
      if (location.path === '/') navigate(home(identity), { replace: true });
    };
    return (
      <>
        <a class="skip" href="#contenido">
          Saltar al contenido
        </a>
        <SignInPage onSignedIn={onSignedIn} notice={notice} />
      </>
    );
  }
  if (!session.identity || !api) {
    return (
      <main id="contenido">
        {unreachable ? (
          <>
            <ErrorNote message={`No se pudo verificar la sesión: ${unreachable}`} />
            <button type="button" onClick={() => setAttempt(attempt + 1)}>
              Reintentar
            </button>{' '}
            <button type="button" class="secondary" onClick={() => signOut()}>
              Salir
            </button>
          </>
        ) : (
          <Loading what="la sesión" />
        )}
      </main>
    );
  }
  const identity = session.identity;
  return (
    <>
      <a class="skip" href="#contenido">
        Saltar al contenido
      </a>
      <header class="top">
        <p class="brand">{identity.company ? identity.company.name : 'Operación del servicio'}</p>
        <p class="who">
          {identity.environment && <span class={`env env-${identity.environment}`}>{identity.environment === 'live' ? 'producción' : 'pruebas'}</span>}{' '}
          <span>Clave {identity.key.prefix}</span>{' '}
          <button type="button" class="link" onClick={() => signOut()}>
            Salir
          </button>
        </p>
        <nav aria-label="Secciones">
          <ul>
            {sectionsFor(identity).map((section) => (
              <li key={section.to}>
                <Link to={section.to} aria-current={location.path.startsWith(section.to) ? 'page' : undefined}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      {(identity.warnings ?? []).length > 0 && (
        <section class="warnings" aria-label="Avisos">
          <ul>
            {identity.warnings!.map((warning, index) => (
              <li key={index}>{warningText(warning)}</li>
            ))}
          </ul>
        </section>
      )}
      <main id="contenido">
        {sectionsFor(identity).length === 0 ? (
          <ErrorNote message="Esta clave no tiene ningún permiso que la consola muestre." />
        ) : (
          <ConsoleRoutes api={api} identity={identity} location={location} home={home(identity)} />
        )}
      </main>
    </>
  );
}

function home(identity: Identity): string {
  if (can(identity, 'invoices:read')) return '/documentos';
  return sectionsFor(identity)[0]?.to ?? '/';
}
