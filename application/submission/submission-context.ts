import type { RecordedEvent } from '../ports/event-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';

const TRIGGERS = ['DocumentCreated', 'DocumentTransmissionRequested'];

/** Workers act for the request that asked for the submission: its scope and correlation, caused by `cause`. */
export function submissionContext(trigger: RecordedEvent, cause: RecordedEvent, actor: string): RequestContext {
  return {
    tenantId: String(trigger.metadata.tenantId),
    environment: String(trigger.metadata.environment),
    actor,
    correlationId: String(trigger.metadata.$correlationId ?? trigger.id),
    causationId: cause.id,
  };
}

/** The context of a later step (a retry): triggered by the stream's last submission request, caused by its last event. */
export function laterSubmissionContext(events: readonly RecordedEvent[], actor: string): RequestContext {
  const trigger = [...events].reverse().find((event) => TRIGGERS.includes(event.type)) ?? events[0];
  return submissionContext(trigger, events[events.length - 1], actor);
}
