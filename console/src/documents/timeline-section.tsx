import { eventTypeLabel } from '../format/event-types.ts';
import { formatPreciseInstant } from '../format/instant.ts';
import { statusLabel } from '../format/statuses.ts';
import { StatusBadge } from '../ui/feedback.tsx';
import { DiffList } from './diff-list.tsx';
import { stateDiff } from './state-diff.ts';

/** An event of `GET {base}/{id}/history`. */
export interface HistoryEvent {
  revision: number;
  event_id: string;
  type: string;
  recorded_at: string;
  actor: string | null;
  correlation_id: string | null;
  causation_id: string | null;
  hash: string | null;
  status: string;
  state: Record<string, unknown>;
}

function actorText(actor: string | null): string {
  if (!actor) return '—';
  if (actor === 'cli') return 'operador (línea de comandos)';
  if (actor.startsWith('system:')) return `el servicio (${actor.slice('system:'.length)})`;
  return `clave ${actor}`;
}

interface Props {
  events: HistoryEvent[];
  /** Shows the document as it stood at an event's instant. */
  onShowAt(instant: string): void;
  headingId: string;
}

/** Every event of the document, oldest first, with who and why, the status after it and what it changed. */
export function TimelineSection({ events, onShowAt, headingId }: Props) {
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>Historial</h2>
      <ol class="timeline">
        {events.map((event, index) => {
          const changes = index === 0 ? stateDiff({}, event.state) : stateDiff(events[index - 1].state, event.state);
          return (
            <li key={event.event_id} class="event" data-event-type={event.type}>
              <h3>
                <span class="event-label">{eventTypeLabel(event.type)}</span> <code class="muted">{event.type}</code>
              </h3>
              <dl class="event-facts">
                <dt>Hora</dt>
                <dd>
                  <time dateTime={event.recorded_at}>{formatPreciseInstant(event.recorded_at)}</time>
                </dd>
                <dt>Actor</dt>
                <dd>{actorText(event.actor)}</dd>
                <dt>Correlación</dt>
                <dd>
                  <code>{event.correlation_id ?? '—'}</code>
                </dd>
                <dt>Estado después</dt>
                <dd>
                  <StatusBadge status={event.status} label={statusLabel(event.status)} />
                </dd>
                <dt>Revisión</dt>
                <dd>{event.revision}</dd>
              </dl>
              {index === 0 ? (
                <details>
                  <summary>Registro inicial ({changes.length} campos)</summary>
                  <DiffList changes={changes} />
                </details>
              ) : (
                <DiffList changes={changes} />
              )}
              <button type="button" class="secondary" onClick={() => onShowAt(event.recorded_at)}>
                Ver el documento en este instante
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
