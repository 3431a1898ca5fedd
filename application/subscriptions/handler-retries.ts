import type { Logger } from 'pino';
import type { RecordedEvent } from '../ports/event-store.ts';
import { isStoreUnavailable } from '../ports/store-errors.ts';
import { backoffDelay, type Backoff } from '../retrying/backoff.ts';
import type { EventHandler } from './event-handler.ts';
import { reconnectDelay, type ReconnectPolicy } from './reconnect-policy.ts';

/** How often a failure of the handler itself is tried, with capped back-off, before the runner stops and reports it. */
export interface HandlerRetryPolicy extends Backoff {
  /** Attempts in all, the first included. */
  maxAttempts: number;
}

export const DEFAULT_HANDLER_RETRY: HandlerRetryPolicy = { maxAttempts: 6, initialDelayMs: 100, maxDelayMs: 5_000 };

interface HandlerRetryHooks {
  /** False once the runner stopped or failed: a failure then ends the retries. */
  isActive(): boolean;
  /** A store is down while handling the event (`where` names the event): the runner reports it meanwhile. */
  setFault(where: string, error: unknown): void;
  clearFault(where: string): void;
  sleep(ms: number): Promise<void>;
}

interface HandlerRetryOptions {
  retry: HandlerRetryPolicy;
  reconnect: ReconnectPolicy;
  random: () => number;
}

/**
 * Hands one event to the handler until it succeeds: a store that is unavailable is waited for as long as it takes
 * (the reconnect back-off); any other failure is tried `retry.maxAttempts` times in all, then thrown.
 */
export class HandlerRetries {
  constructor(
    private readonly handler: EventHandler,
    private readonly logger: Logger,
    private readonly options: HandlerRetryOptions,
    private readonly hooks: HandlerRetryHooks,
  ) {}

  /**
   * Hands a batch to the handler, waiting out a store that is unavailable as `handle` does; any other failure is
   * thrown at once, for the runner to hand the events over one at a time.
   */
  async handleBatch(events: readonly RecordedEvent[]): Promise<void> {
    const key = `batch:${events[0].position}`;
    for (let storeFaults = 0; ; ) {
      try {
        await this.handler.handleBatch!(events);
        this.hooks.clearFault(key);
        return;
      } catch (error) {
        if (!this.hooks.isActive() || !isStoreUnavailable(error)) throw error;
        storeFaults += 1;
        this.hooks.setFault(key, error);
        const delayMs = reconnectDelay(this.options.reconnect, storeFaults, this.options.random);
        const where = { handler: this.handler.name, from: events[0].position.toString(), to: events[events.length - 1].position.toString() };
        this.logger.warn({ err: error, ...where, attempt: storeFaults, delayMs }, 'a store is unavailable while handling events; retrying');
        await this.hooks.sleep(delayMs);
      }
    }
  }

  async handle(event: RecordedEvent): Promise<void> {
    const key = `event:${event.position}`;
    for (let attempt = 1, storeFaults = 0; ; ) {
      try {
        await this.handler.handle(event);
        this.hooks.clearFault(key);
        return;
      } catch (error) {
        if (!this.hooks.isActive()) throw error;
        const where = { handler: this.handler.name, position: event.position.toString() };
        if (isStoreUnavailable(error)) {
          storeFaults += 1;
          this.hooks.setFault(key, error);
          const delayMs = reconnectDelay(this.options.reconnect, storeFaults, this.options.random);
          this.logger.warn({ err: error, ...where, attempt: storeFaults, delayMs }, 'a store is unavailable while handling an event; retrying');
          await this.hooks.sleep(delayMs);
          continue;
        }
        this.hooks.clearFault(key);
        if (attempt >= this.options.retry.maxAttempts) throw error;
        const delayMs = backoffDelay(this.options.retry, attempt);
        this.logger.warn({ err: error, ...where, attempt, delayMs }, 'event handling failed; retrying');
        attempt += 1;
        await this.hooks.sleep(delayMs);
      }
    }
  }
}
