import type { EventHandler } from './event-handler.ts';

/**
 * idle: not started; running; reconnecting: a store is down (subscription dropped, checkpoint or handler writes
 * failing) and the runner keeps trying by itself; stopped; failed: the handler itself failed and the runner stopped.
 */
export type RunnerState = 'idle' | 'running' | 'reconnecting' | 'stopped' | 'failed';

export interface RunnerStatus {
  name: string;
  kind: EventHandler['kind'];
  state: RunnerState;
  position: string | null;
  error: string | null;
  /** When the store fault being retried began (state reconnecting). */
  faultSince: string | null;
  /** When the subscription last delivered anything (an event or a checkpoint). */
  lastMessageAt: string | null;
  /** Whether the subscription has delivered everything in the log as of some moment, and all of it is handled. */
  caughtUp: boolean;
}
