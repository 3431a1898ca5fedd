import { createHash } from 'node:crypto';

/**
 * The coordination key of one of a Factus account's shared records (its request rate, its token). Every instance
 * configured with the same URL and user derives the same key; the user is hashed and no secret goes into it.
 */
export function factusAccountKey(url: string, username: string, record: 'rate' | 'token'): string {
  const account = createHash('sha256').update(`${url}\n${username}`).digest('hex').slice(0, 24);
  return `factus:${account}:${record}`;
}
