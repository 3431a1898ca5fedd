import { randomBytes } from 'node:crypto';

/** The servers `npm run test:servers` verifies; its launcher refuses to start without both. */
export function serverUrls(): { eventStoreUrl: string; mongodbUrl: string } {
  const eventStoreUrl = process.env.EVENTSTORE_URL;
  const mongodbUrl = process.env.MONGODB_URL;
  if (!eventStoreUrl || !mongodbUrl) throw new Error('EVENTSTORE_URL and MONGODB_URL must be set (npm run test:servers)');
  return { eventStoreUrl, mongodbUrl };
}

/** A fresh event-store namespace (stream and type prefix) or database-name suffix: one per store a test opens. */
export function uniqueNamespace(): string {
  return `t${randomBytes(5).toString('hex')}_`;
}
