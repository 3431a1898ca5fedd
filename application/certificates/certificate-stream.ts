/** One registry stream per company and environment. */
export const certificateStreamId = (tenantId: string, environment: string) => `certificates-${tenantId}.${environment}`;
