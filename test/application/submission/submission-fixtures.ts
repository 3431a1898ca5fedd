import { IssueDocument } from '../../../application/documents/issue-document.ts';
import { NumberIndex } from '../../../application/documents/number-index.ts';
import { AggregateStore } from '../../../application/event-sourcing/aggregate-store.ts';
import type { DocumentProvider } from '../../../application/ports/document-provider.ts';
import type { RecordedEvent } from '../../../application/ports/event-store.ts';
import { OutcomeRecorder } from '../../../application/submission/outcome-recorder.ts';
import { SubmissionProcessManager } from '../../../application/submission/submission-process-manager.ts';
import type { SubmissionRetryPolicy } from '../../../application/submission/submission-retry-policy.ts';
import { SUBMISSION_SCHEDULE_COLLECTION, type SubmissionDueRow } from '../../../application/submission/submission-schedule.ts';
import { SubmissionScheduler } from '../../../application/submission/submission-scheduler.ts';
import { SubmitDocument } from '../../../application/submission/submit-document.ts';
import { RegisterTenant } from '../../../application/tenancy/register-tenant.ts';
import { TenantDirectory } from '../../../application/tenancy/tenant-directory.ts';
import { documentDecider } from '../../../domain/documents/document-decider.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { documentStreamId, salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import type { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import type { SqliteReadModelStore } from '../../../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { SubmissionScheduleProjection } from '../../../projections/submission/submission-schedule-projection.ts';
import { contextFor, invoiceFor, SequentialIds, silentLogger, type FixedClock } from '../../support/fixtures.ts';

/** A short policy for tests: 1 s, 2 s, 4 s ... capped at 8 s, 4 attempts, no jitter unless `random` says so. */
export const TEST_RETRY: SubmissionRetryPolicy = { maxAttempts: 4, initialDelayMs: 1_000, maxDelayMs: 8_000, jitter: 0.5, leaseMs: 60_000 };

export interface StackOptions {
  retry?: SubmissionRetryPolicy;
  random?: () => number;
  /** Another stack over the same files (a second instance): same ids and tenant. */
  sharing?: { ids: SequentialIds; tenant(): Promise<string> };
}

/** The submission pieces over one pair of stores, as the container wires them, driven by hand. */
export function submissionStack(stores: { events: SqliteEventStore; readModels: SqliteReadModelStore }, provider: DocumentProvider, clock: FixedClock, options: StackOptions = {}) {
  const aggregates = new AggregateStore(stores.events);
  const outcomes = new OutcomeRecorder(aggregates, new NumberIndex(stores.events), clock);
  const submit = new SubmitDocument(aggregates, provider, outcomes, clock, silentLogger, options.retry ?? TEST_RETRY, options.random ?? (() => 0));
  const due = stores.readModels.collection<SubmissionDueRow>(SUBMISSION_SCHEDULE_COLLECTION);
  const projection = new SubmissionScheduleProjection(due);
  const scheduler = new SubmissionScheduler(due, submit, clock, silentLogger);
  const ids = options.sharing?.ids ?? new SequentialIds();
  let tenantId = '';

  return {
    aggregates,
    submit,
    processManager: new SubmissionProcessManager(submit),
    scheduler,
    due,
    ids,
    async tenant(): Promise<string> {
      if (options.sharing) return options.sharing.tenant();
      tenantId ||= (await new RegisterTenant(aggregates, clock, ids).execute({ nit: '900825759', legalName: 'Emisor SAS' }, { actor: 'cli', correlationId: 'c' })).id;
      return tenantId;
    },
    /** Issues an invoice; answers its stream and creation event (what the process manager handles). */
    async issue(key: string): Promise<{ documentId: string; streamId: string; created: RecordedEvent }> {
      const context = { ...contextFor(await this.tenant()), correlationId: `req-${key}` };
      const { document } = await new IssueDocument(aggregates, new TenantDirectory(aggregates), clock, ids).execute({ family: salesInvoiceFamily, idempotencyKey: key, body: invoiceFor(), context });
      const streamId = documentStreamId(salesInvoiceFamily, document.id);
      const [created] = await stores.events.readStream(streamId);
      return { documentId: document.id, streamId, created };
    },
    /** Brings the due-submissions read model up to date (upserts are guarded by revision: replays are harmless). */
    async project(): Promise<void> {
      for (const event of await stores.events.readAll({ maxCount: 100_000, filter: projection.filter })) await projection.handle(event);
      // SQLite read-model writes commit on the next turn of the event loop; another handle sees them after it.
      await new Promise((resolve) => setImmediate(resolve));
    },
    async state(streamId: string): Promise<DocumentState> {
      return (await aggregates.load(streamId, documentDecider)).state;
    },
    async types(streamId: string): Promise<string[]> {
      return (await stores.events.readStream(streamId)).map((event) => event.type);
    },
  };
}
