import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../../application/ports/clock.ts';
import type { DocumentProvider, SubmissionAttempt } from '../../application/ports/document-provider.ts';
import type { IdGenerator } from '../../application/ports/id-generator.ts';
import type { RequestContext } from '../../application/event-sourcing/request-context.ts';
import type { SubmissionOutcome } from '../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../domain/documents/document-state.ts';
import { nitCheckDigit } from '../../domain/shared/nit-check-digit.ts';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { createLogger } from '../../infrastructure/logging/logger.ts';
import { SqliteReadModelStore } from '../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { sampleInvoice } from './sample-invoice.ts';

export const silentLogger = createLogger('silent');

/** A clock that stands still unless the test moves it. */
export class FixedClock implements Clock {
  private current: Date;
  constructor(iso = '2024-03-01T15:30:00.000Z') {
    this.current = new Date(iso);
  }
  now(): Date {
    return new Date(this.current.getTime());
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** Deterministic ids: uuids count up, tokens are a letter plus a counter padded with zeros. */
export class SequentialIds implements IdGenerator {
  private uuids = 0;
  private tokens = 0;
  uuid(): string {
    this.uuids += 1;
    return `00000000-0000-4000-8000-${String(this.uuids).padStart(12, '0')}`;
  }
  token(length: number): string {
    this.tokens += 1;
    return `T${String(this.tokens).padStart(length - 1, '0')}`;
  }
}

export interface TempStores {
  dir: string;
  events: SqliteEventStore;
  readModels: SqliteReadModelStore;
  /** A second handle on the same files (a restarted process): what the first wrote is committed. */
  reopen(): { events: SqliteEventStore; readModels: SqliteReadModelStore };
  dispose(): Promise<void>;
}

export function openTempStores(): TempStores {
  const dir = mkdtempSync(join(tmpdir(), 'einvoicing-spec-'));
  const opened: Array<{ close(): Promise<void> }> = [];
  const open = () => {
    const events = new SqliteEventStore(join(dir, 'events.sqlite'), { pollIntervalMs: 10 });
    const readModels = new SqliteReadModelStore(join(dir, 'read-models.sqlite'));
    opened.push(events, readModels);
    return { events, readModels };
  };
  const first = open();
  return {
    dir,
    ...first,
    // The first handle's read-model writes are committed, as a process that stopped would have.
    reopen: () => {
      first.readModels.flush();
      return open();
    },
    async dispose() {
      for (const store of opened) await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function contextFor(tenantId: string, environment = 'test', actor = 'key-1'): RequestContext {
  return { tenantId, environment, actor, correlationId: `corr-${tenantId}` };
}

/** The sample invoice addressed to a NIT with its correct check digit. */
export function invoiceFor(identification = '123456789', extra: Record<string, unknown> = {}): Record<string, any> {
  const body = sampleInvoice({ identification });
  body.customer.dv = nitCheckDigit(identification);
  return { ...body, ...extra };
}

type Script = SubmissionOutcome | Error | ((document: DocumentState, attempt?: SubmissionAttempt) => Promise<SubmissionOutcome>);

/** A provider the test controls: scripted answers in order (the last one repeats), every call recorded. */
export class FakeProvider implements DocumentProvider {
  readonly name = 'fake';
  readonly submitted: DocumentState[] = [];
  readonly discarded: DocumentState[] = [];
  discardAnswer: { kind: 'discarded' } | SubmissionOutcome = { kind: 'discarded' };
  private readonly script: Script[];

  constructor(...script: Script[]) {
    this.script = script.length > 0 ? script : [validatedOutcome()];
  }

  async submit(document: DocumentState, attempt?: SubmissionAttempt): Promise<SubmissionOutcome> {
    this.submitted.push(document);
    const step = this.script[Math.min(this.submitted.length - 1, this.script.length - 1)];
    if (step instanceof Error) throw step;
    if (typeof step === 'function') return step(document, attempt);
    return step;
  }

  async discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome> {
    this.discarded.push(document);
    return this.discardAnswer;
  }

  async render(): Promise<null> {
    return null;
  }
}

export function validatedOutcome(number = 'SETP990000000'): SubmissionOutcome {
  return { kind: 'validated', number, uniqueCode: `cufe-of-${number}`, validatedAt: '2024-03-01T15:30:01.000Z', warnings: [] };
}

/** Resolves when `check` holds, polling every few milliseconds. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
}

/** A promise the test resolves by hand. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
