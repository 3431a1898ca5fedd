import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than a client's or a load
 * balancer's pool keeps a connection: a request sent on a connection the service is closing at that moment fails
 * with ECONNRESET and no answer (seen under load as requests "without an answer"). Longer than the idle timeout of
 * common balancers (60 s), so that the side that reuses the connection is the one that closes it first.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepConnectionsOpen(server: Server, keepAliveTimeoutMs = KEEP_ALIVE_TIMEOUT_MS): void {
  server.keepAliveTimeout = keepAliveTimeoutMs;
  // Node requires the headers timeout to exceed the keep-alive timeout, or an idle connection may be cut mid-request.
  server.headersTimeout = keepAliveTimeoutMs + 1_000;
}
