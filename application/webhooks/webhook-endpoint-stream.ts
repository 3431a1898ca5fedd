/** The registry of a company's endpoints in one environment is one stream. */
export const webhookEndpointsStreamId = (tenantId: string, environment: string) => `webhookEndpoints-${tenantId}.${environment}`;
