import type { SendAdmission, SendLimits } from '../../application/ports/send-limits.ts';
import type { LimitStore } from './store-rate-limiter.ts';
import { StoreRateLimiter } from './store-rate-limiter.ts';

/** Send limits per application key and window, counted for the whole deployment (see StoreRateLimiter). */
export class StoreSendLimits implements SendLimits {
  private readonly counts: StoreRateLimiter;

  constructor(store: LimitStore, messagesPerWindow: number, windowSeconds: number) {
    this.counts = new StoreRateLimiter(store, { keyPrefix: 'messages', table: 'message_send_limits', points: messagesPerWindow, durationSeconds: windowSeconds });
  }

  async admit(application: string): Promise<SendAdmission> {
    const { allowed, msBeforeNext } = await this.counts.consume(application);
    return allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(msBeforeNext / 1000)) };
  }

  close(): Promise<void> {
    return this.counts.close();
  }
}
