import type { ProjectionDefinition } from '../application/rebuilds/projection-definition.ts';
import { documentsProjection } from './documents/documents-projection-definition.ts';
import { receivedDocumentsProjection } from './receptions/received-documents-projection-definition.ts';
import { tacitAcceptanceScheduleProjection } from './acceptance/tacit-acceptance-schedule-projection-definition.ts';
import { eventTransmissionScheduleProjection } from './acceptance/event-transmission-schedule-projection-definition.ts';
import { deliveryScheduleProjection } from './messages/delivery-schedule-projection-definition.ts';
import { messagesProjection } from './messages/messages-projection-definition.ts';
import { webhookDeliveriesProjection } from './webhooks/webhook-deliveries-projection-definition.ts';
import { webhookEventsProjection } from './webhooks/webhook-events-projection-definition.ts';
import { webhookScheduleProjection } from './webhooks/webhook-schedule-projection-definition.ts';

/** Every rebuildable projection of the service. */
export const PROJECTIONS: readonly ProjectionDefinition[] = [
  documentsProjection,
  receivedDocumentsProjection,
  tacitAcceptanceScheduleProjection,
  eventTransmissionScheduleProjection,
  messagesProjection,
  deliveryScheduleProjection,
  webhookEventsProjection,
  webhookDeliveriesProjection,
  webhookScheduleProjection,
];

export function projectionNamed(name: string): ProjectionDefinition | undefined {
  return PROJECTIONS.find((projection) => projection.name === name);
}
