import { createHash } from 'node:crypto';
import {
  idempotencyRecordDecider as decider,
  type IdempotencyRecordState,
  type StoredAnswer,
} from '../../domain/invoice-management/idempotency-record.ts';
import { DomainError } from '../../domain/shared/domain-error.ts';
import { canonicalHash } from '../documents/canonical-hash.ts';
import type { AggregateStore, Loaded } from '../event-sourcing/aggregate-store.ts';
import type { RequestContext } from '../event-sourcing/request-context.ts';
import type { Clock } from '../ports/clock.ts';
import { IdempotencyKeyReusedError } from './invoice-management-errors.ts';

interface IdempotentRequest {
  key: string;
  method: string;
  path: string;
  body: unknown;
  /** This request's id: the holder of the key while it runs. */
  requestId: string;
}

export interface IdempotentOutcome {
  answer: StoredAnswer;
  /** True when the answer is the one recorded for an earlier request with the same key. */
  replayed: boolean;
}

interface IdempotencyOptions {
  /** How long a running request may hold the key before another one with the same key takes over. */
  leaseMs: number;
  pollMs: number;
}

/** Turns an operation's failure into an answer worth recording (a final 4xx), or null to let the key be retried. */
type FinalAnswerOf = (error: unknown) => StoredAnswer | null;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const RACES = new Set(['in_progress', 'already_completed']);

/**
 * One event-sourced record per Idempotency-Key (stream `integrationIdempotency-<tenant>.<env>.<sha of key>`). The
 * first request appends `IntegrationRequestStarted` on a new stream; requests racing with it lose the append, wait for
 * its answer and replay it, so the operation runs once. Answers of failures that may pass on retry are not kept.
 */
export class IdempotentRequests {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
    private readonly options: IdempotencyOptions = { leaseMs: 30_000, pollMs: 20 },
  ) {}

  async run(request: IdempotentRequest, context: RequestContext, operation: () => Promise<StoredAnswer>, finalAnswerOf: FinalAnswerOf): Promise<IdempotentOutcome> {
    const streamId = `integrationIdempotency-${context.tenantId}.${context.environment}.${sha256(request.key)}`;
    const fingerprint = sha256(`${request.method} ${request.path} ${canonicalHash(request.body ?? null)}`);
    const replay = await this.acquire(streamId, fingerprint, request, context);
    if (replay) return { answer: replay, replayed: true };

    let answer: StoredAnswer;
    try {
      answer = await operation();
    } catch (error) {
      const final = finalAnswerOf(error);
      if (!final) {
        await this.handle(streamId, { type: 'ReleaseRequest', holder: request.requestId, now: this.clock.now() }, context).catch(() => undefined);
        throw error;
      }
      answer = final;
    }
    try {
      await this.handle(streamId, { type: 'CompleteRequest', holder: request.requestId, answer, now: this.clock.now() }, context);
      return { answer, replayed: false };
    } catch (error) {
      // Our lease ran out and another request took over and answered: its answer is the one on record.
      if (!(error instanceof DomainError) || error.code !== 'not_holder') throw error;
      const { state } = await this.aggregates.load(streamId, decider);
      if (state.status !== 'completed' || !state.answer) throw error;
      return { answer: state.answer, replayed: false };
    }
  }

  /** Holds the key for this request, or answers the recorded answer of the same request. */
  private async acquire(streamId: string, fingerprint: string, request: IdempotentRequest, context: RequestContext): Promise<StoredAnswer | null> {
    for (;;) {
      const loaded = await this.aggregates.load(streamId, decider);
      const { state } = loaded;
      if (state.status !== 'none' && state.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
      if (state.status === 'completed' && state.answer) return state.answer;
      if (this.heldByAnother(state)) {
        await new Promise((resolve) => setTimeout(resolve, this.options.pollMs));
        continue;
      }
      try {
        const { method, path, requestId } = request;
        const command = { type: 'StartRequest', fingerprint, method, path, holder: requestId, leaseMs: this.options.leaseMs, now: this.clock.now() } as const;
        await this.handle(streamId, command, context, loaded);
        return null;
      } catch (error) {
        if (error instanceof DomainError && error.code === 'idempotency_conflict') throw new IdempotencyKeyReusedError();
        if (!(error instanceof DomainError) || !RACES.has(error.code)) throw error;
      }
    }
  }

  private heldByAnother(state: IdempotencyRecordState): boolean {
    return state.status === 'started' && this.clock.now().toISOString() < state.leaseUntil;
  }

  private handle(
    streamId: string,
    command: Parameters<typeof decider.decide>[0],
    context: RequestContext,
    loaded?: Loaded<IdempotencyRecordState>,
  ) {
    return this.aggregates.handle(streamId, decider, command, context, loaded);
  }
}
