import { useState } from 'preact/hooks';
import { apiClient } from '../http/api-client.ts';
import { refusalText } from './refusal-text.ts';
import { ErrorNote, PageTitle } from '../ui/feedback.tsx';
import type { Identity } from './identity.ts';

interface Props {
  onSignedIn(key: string, identity: Identity): void;
  /** Why the console signed out (a 401), shown above the form. */
  notice?: string;
}

/** Sign-in with an API key: checked with `GET /v1/me` before it is kept (in this tab's sessionStorage only). */
export function SignInPage({ onSignedIn, notice }: Props) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const typed = key.trim();
    if (typed === '') return setError('Escriba la clave de API.');
    setBusy(true);
    setError(undefined);
    try {
      const identity = await apiClient(typed, () => undefined).get<Identity>('/v1/me');
      onSignedIn(typed, identity);
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="contenido" class="sign-in">
      <PageTitle>Consola de facturación electrónica</PageTitle>
      <p>Ingrese con una clave de API de su empresa (o una clave de operador). La clave se guarda solo en esta pestaña y se olvida al cerrarla.</p>
      <ErrorNote message={notice} />
      <form onSubmit={submit} class="stack">
        <label for="api-key">Clave de API</label>
        <input
          id="api-key"
          name="api-key"
          type="password"
          autocomplete="off"
          spellcheck={false}
          value={key}
          onInput={(event) => setKey(event.currentTarget.value)}
          aria-describedby="api-key-help"
          required
        />
        <p id="api-key-help" class="muted">
          Por ejemplo <code>fe_test_…</code>; la de demostración está en <code>data/demo-key.json</code>.
        </p>
        <button type="submit" disabled={busy}>
          {busy ? 'Verificando…' : 'Ingresar'}
        </button>
      </form>
      <ErrorNote message={error} />
    </main>
  );
}
