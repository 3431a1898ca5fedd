import type { SubscriptionHealth } from '../../../application/health/subscription-health.ts';

/** Messages from an HTTP process to the process that supervises it (over the cluster's IPC channel). */
export type ToSupervisor =
  | { type: 'http-process:ready' }
  /** A connection the supervisor handed over closed. */
  | { type: 'http-process:closed' }
  | { type: 'http-process:appended' }
  | { type: 'http-process:health?'; id: number }
  | { type: 'http-process:metrics?'; id: number }
  | { type: 'http-process:own-metrics'; id: number; metrics: unknown[] };

/** Messages from the supervisor to one of its HTTP processes. */
export type ToHttpProcess =
  /** Sent with the socket of a connection the supervisor accepted. */
  | { type: 'http-process:connection' }
  | { type: 'http-process:health'; id: number; subscriptions: SubscriptionHealth[] }
  | { type: 'http-process:metrics'; id: number; metrics: unknown[] }
  | { type: 'http-process:own-metrics?'; id: number };

/** How long either side waits for the other's answer. */
export const ANSWER_TIMEOUT_MS = 2_000;

function isHttpProcessMessage(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const type = (message as { type?: unknown }).type;
  return typeof type === 'string' && type.startsWith('http-process:');
}

/** Told apart from the cluster's own messages by their type's prefix; each side only sends its own kind. */
export const isToSupervisor = (message: unknown): message is ToSupervisor => isHttpProcessMessage(message);
export const isToHttpProcess = (message: unknown): message is ToHttpProcess => isHttpProcessMessage(message);
