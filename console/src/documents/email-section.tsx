import { useState } from 'preact/hooks';
import { statusLabel } from '../format/statuses.ts';
import type { ApiClient } from '../http/api-client.ts';
import { ErrorNote, Live } from '../ui/feedback.tsx';
import type { Family } from './families.ts';

interface Props {
  api: ApiClient;
  family: Family;
  id: string;
  /** The record's `emails`: those already sent, with their status. */
  emails: unknown;
  /** The key may send (`invoices:write`): without it only the list shows. */
  canSend: boolean;
  onSent(): void;
  headingId: string;
}

interface EmailAnswer {
  message_id: string;
  status: string;
}

/** The document's e-mails, and a form that e-mails it to an address (`POST {base}/{id}/email`). */
export function EmailSection({ api, family, id, emails, canSend, onSent, headingId }: Props) {
  const [address, setAddress] = useState('');
  const [result, setResult] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const sent = Array.isArray(emails) ? (emails as Array<{ id: string; to: string; status: string }>) : [];

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setResult(undefined);
    try {
      const answer = await api.send<EmailAnswer>('POST', `${family.base}/${id}/email`, { email: address.trim() }, { 'Idempotency-Key': crypto.randomUUID() });
      setResult(`Correo aceptado (${statusLabel(answer.status)}), mensaje ${answer.message_id}.`);
      setAddress('');
      onSent();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Correo electrónico</h2>
      {sent.length === 0 ? (
        <p class="muted">El documento no se ha enviado por correo.</p>
      ) : (
        <ul>
          {sent.map((email) => (
            <li key={email.id}>
              {email.to}: {statusLabel(email.status)} <span class="muted">({email.id})</span>
            </li>
          ))}
        </ul>
      )}
      {canSend && (
        <form onSubmit={submit} class="inline-form" aria-label="Enviar el documento por correo">
          <label for="email-to">Correo del destinatario</label>
          <input id="email-to" type="email" required value={address} onInput={(event) => setAddress(event.currentTarget.value)} autocomplete="email" />
          <button type="submit" disabled={busy}>
            {busy ? 'Enviando…' : 'Enviar por correo'}
          </button>
        </form>
      )}
      <Live label="Resultado del envío">{result && <p>{result}</p>}</Live>
      <ErrorNote message={error} />
    </section>
  );
}
