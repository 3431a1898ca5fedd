import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import type { TestSetDocumentResult, TestSetKind, TestSetRun } from '../../domain/habilitacion/test-set-run.ts';
import { testSetRunsDecider } from '../../domain/habilitacion/test-set-runs.ts';
import type { AggregateStore } from '../event-sourcing/aggregate-store.ts';
import type { Clock } from '../ports/clock.ts';
import type { IdGenerator } from '../ports/id-generator.ts';

export const testSetRunsStreamId = (tenantId: string, kind: TestSetKind) => `dianTestSet-${tenantId}.${kind}`;

const CONTEXT = { actor: 'cli', correlationId: 'dian-test-set' };

export interface StartRun {
  tenantId: string;
  kind: TestSetKind;
  testSetId: string;
  softwareId: string;
  counts: Partial<Record<DocumentFamilyName, number>>;
  firstNumber?: number;
}

/** The habilitación test set runs of each company, one stream per company and kind: the numbers taken, then DIAN's answers. */
export class TestSetRuns {
  constructor(
    private readonly aggregates: AggregateStore,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /** Records a run before anything is sent, taking its numbers (after every earlier run's). */
  async start(input: StartRun): Promise<TestSetRun> {
    const runId = this.ids.uuid();
    const command = { type: 'StartTestSetRun' as const, runId, ...input, now: this.clock.now() };
    const { state } = await this.aggregates.handle(testSetRunsStreamId(input.tenantId, input.kind), testSetRunsDecider, command, {
      ...CONTEXT,
      tenantId: input.tenantId,
      environment: 'test',
    });
    return state.runs.find((run) => run.runId === runId) as TestSetRun;
  }

  async finish(tenantId: string, kind: TestSetKind, runId: string, result: { setStatus: string | null; documents: TestSetDocumentResult[] }): Promise<TestSetRun> {
    const command = { type: 'FinishTestSetRun' as const, runId, ...result, now: this.clock.now() };
    const { state } = await this.aggregates.handle(testSetRunsStreamId(tenantId, kind), testSetRunsDecider, command, { ...CONTEXT, tenantId, environment: 'test' });
    return state.runs.find((run) => run.runId === runId) as TestSetRun;
  }

  /** The latest run, finished or not; null before the first. */
  async last(tenantId: string, kind: TestSetKind): Promise<TestSetRun | null> {
    const { state } = await this.aggregates.load(testSetRunsStreamId(tenantId, kind), testSetRunsDecider);
    return state.runs.at(-1) ?? null;
  }
}
