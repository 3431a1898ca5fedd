import type { EventMetadata } from '../ports/event-store.ts';

/** Who asked for a change and in which tenant scope; becomes every appended event's metadata. */
export interface RequestContext {
  tenantId: string;
  environment: string;
  /** Key id for API calls, `system:<component>` for workers, `cli` for the operator. */
  actor: string;
  correlationId: string;
  causationId?: string;
  /** The service instance a worker ran in, so an auditor can tell which instance made an effect. */
  instance?: string;
  /**
   * When this process read the request (`performance.now()` of the thread serving it): state looked up after that
   * moment is as fresh for it as looking again (see FoldedStreamCache). Not recorded in events.
   */
  receivedAt?: number;
}

export const SCHEMA_VERSION = 1;

export function metadataFor(context: RequestContext): EventMetadata {
  return {
    $correlationId: context.correlationId,
    $causationId: context.causationId ?? context.correlationId,
    tenantId: context.tenantId,
    environment: context.environment,
    actor: context.actor,
    schemaVersion: SCHEMA_VERSION,
    ...(context.instance && { instance: context.instance }),
  };
}
