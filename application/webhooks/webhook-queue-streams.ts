/** The queue of one endpoint and one subject (document or message): its events are delivered there in order. */
export function webhookQueueStreamId(endpointId: string, subject: string): string {
  return `webhookQueue-${endpointId}.${subject}`;
}

/** A delivery id: `whd_` and 32 hex digits. */
export function webhookDeliveryId(uuid: string): string {
  return `whd_${uuid.replace(/-/g, '')}`;
}
