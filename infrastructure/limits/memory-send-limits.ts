import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { SendAdmission, SendLimits } from '../../application/ports/send-limits.ts';

/**
 * Send limits per application key and window, counted in this process's memory: enough for one instance.
 * Several instances need a shared store (rate-limiter-flexible's Redis or Mongo limiter) behind this same port.
 */
export class MemorySendLimits implements SendLimits {
  private readonly limiter: RateLimiterMemory;

  constructor(messagesPerWindow: number, windowSeconds: number) {
    this.limiter = new RateLimiterMemory({ keyPrefix: 'messages', points: messagesPerWindow, duration: windowSeconds });
  }

  async admit(application: string): Promise<SendAdmission> {
    try {
      await this.limiter.consume(application);
      return { allowed: true };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }
}
