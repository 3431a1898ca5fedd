import type { DocumentFamilyName } from '../documents/document-family.ts';
import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { runOutcome, type TestSetDocumentResult, type TestSetKind, type TestSetRun } from './test-set-run.ts';

/**
 * DIAN's habilitación range for test sets: SETP 990000000–995000000 (reference dian-webservices.md §8.2). Every run
 * takes consecutives after the last run's, so no run reuses a number: DIAN answers a number it already accepted with
 * rule 90 "Documento procesado anteriormente".
 */
export const TEST_SET_NUMBERS = { from: 990000000, to: 995000000 } as const;

interface StartTestSetRun {
  type: 'StartTestSetRun';
  runId: string;
  tenantId: string;
  kind: TestSetKind;
  testSetId: string;
  softwareId: string;
  counts: Partial<Record<DocumentFamilyName, number>>;
  /** The first consecutive to use; by default the one after the last run's. */
  firstNumber?: number;
  now: Date;
}

interface FinishTestSetRun {
  type: 'FinishTestSetRun';
  runId: string;
  setStatus: string | null;
  documents: TestSetDocumentResult[];
  now: Date;
}

export type TestSetRunCommand = StartTestSetRun | FinishTestSetRun;

export type TestSetRunEvent =
  | {
      type: 'TestSetRunStarted';
      data: Pick<TestSetRun, 'runId' | 'kind' | 'testSetId' | 'softwareId' | 'firstNumber' | 'lastNumber' | 'counts'> & { tenantId: string; at: string };
    }
  | { type: 'TestSetRunFinished'; data: Pick<TestSetRun, 'runId' | 'setStatus' | 'documents' | 'outcome'> & { at: string } };

/** A company's runs of one test set kind, oldest first. */
export interface TestSetRunsState {
  runs: TestSetRun[];
}

/** The consecutive the next run starts at by default. */
export const nextTestSetNumber = (state: TestSetRunsState): number =>
  state.runs.reduce<number>((next, run) => Math.max(next, run.lastNumber + 1), TEST_SET_NUMBERS.from);

function start(command: StartTestSetRun, state: TestSetRunsState): TestSetRunEvent[] {
  const total = Object.values(command.counts).reduce((sum, count) => sum + (count ?? 0), 0);
  if (total < 1) throw new DomainError('validation_failed', 'a test set run needs at least one document');
  const firstNumber = command.firstNumber ?? nextTestSetNumber(state);
  const lastNumber = firstNumber + total - 1;
  if (!Number.isSafeInteger(firstNumber) || firstNumber < TEST_SET_NUMBERS.from || lastNumber > TEST_SET_NUMBERS.to) {
    throw new DomainError('validation_failed', `the run's numbers ${firstNumber}–${lastNumber} leave DIAN's habilitación range ${TEST_SET_NUMBERS.from}–${TEST_SET_NUMBERS.to}`);
  }
  const clash = state.runs.find((run) => run.firstNumber <= lastNumber && firstNumber <= run.lastNumber);
  if (clash) throw new DomainError('validation_failed', `the numbers ${firstNumber}–${lastNumber} overlap run ${clash.runId} (${clash.firstNumber}–${clash.lastNumber})`);
  const { runId, tenantId, kind, testSetId, softwareId, counts } = command;
  return [{ type: 'TestSetRunStarted', data: { runId, tenantId, kind, testSetId, softwareId, firstNumber, lastNumber, counts, at: command.now.toISOString() } }];
}

function decide(command: TestSetRunCommand, state: TestSetRunsState): TestSetRunEvent[] {
  if (command.type === 'StartTestSetRun') return start(command, state);
  const run = state.runs.find((candidate) => candidate.runId === command.runId);
  if (!run) throw new DomainError('not_found', `no test set run ${command.runId}`);
  if (run.finishedAt) return [];
  const { runId, setStatus, documents } = command;
  return [{ type: 'TestSetRunFinished', data: { runId, setStatus, documents, outcome: runOutcome(documents), at: command.now.toISOString() } }];
}

function evolve(state: TestSetRunsState, event: TestSetRunEvent): TestSetRunsState {
  if (event.type === 'TestSetRunStarted') {
    const { tenantId: _tenantId, at, ...run } = event.data;
    return { runs: [...state.runs, { ...run, startedAt: at, finishedAt: null, outcome: null, setStatus: null, documents: [] }] };
  }
  const { runId, at, ...finished } = event.data;
  return { runs: state.runs.map((run) => (run.runId === runId ? { ...run, ...finished, finishedAt: at } : run)) };
}

/** The runs of a company's test set of one kind: each takes fresh numbers when it starts and records DIAN's answers when it ends. */
export const testSetRunsDecider: Decider<TestSetRunCommand, TestSetRunEvent, TestSetRunsState> = {
  decide,
  evolve,
  initialState: () => ({ runs: [] }),
};
