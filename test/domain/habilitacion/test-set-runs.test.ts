import { expect } from 'chai';
import type { TestSetDocumentResult } from '../../../domain/habilitacion/test-set-run.ts';
import { runOutcome } from '../../../domain/habilitacion/test-set-run.ts';
import { testSetRunsDecider, type TestSetRunCommand } from '../../../domain/habilitacion/test-set-runs.ts';
import { deciderSpec } from '../../support/decider-spec.ts';

const spec = deciderSpec(testSetRunsDecider);
const now = new Date('2026-11-24T15:00:00.000Z');
const start = (runId: string, invoices: number, firstNumber?: number): TestSetRunCommand => ({
  type: 'StartTestSetRun',
  runId,
  tenantId: 't-1',
  kind: 'sales',
  testSetId: 'set-1',
  softwareId: 'soft-1',
  counts: { 'sales-invoice': invoices, 'credit-note': 1 },
  ...(firstNumber !== undefined && { firstNumber }),
  now,
});
const result = (number: string, outcome: TestSetDocumentResult['outcome']): TestSetDocumentResult => ({
  family: 'sales-invoice', number, uniqueCode: 'c', fileName: 'f.xml', zipKey: 'z', outcome, statusCode: '00', statusDescription: '', isValid: outcome === 'accepted', rules: [],
});

describe('test set runs (decider)', () => {
  it('given no run, when one starts, then it takes DIAN habilitación consecutives from 990000000, one per document', () => {
    const { events, state } = spec.given().when(start('r1', 3));
    expect(events[0].data).to.deep.include({ runId: 'r1', firstNumber: 990000000, lastNumber: 990000003, testSetId: 'set-1' });
    expect(state.runs[0]).to.deep.include({ finishedAt: null, outcome: null, documents: [] });
  });

  it('given two runs, when a third starts, then its numbers follow the highest taken so far', () => {
    const { events } = spec.given(start('r1', 3), start('r2', 1, 990000100)).when(start('r3', 1));
    expect(events[0].data).to.deep.include({ firstNumber: 990000102, lastNumber: 990000103 });
  });

  it('given a run, when another asks for numbers that overlap it or leave the range, then it is refused naming them', () => {
    expect(spec.given(start('r1', 3)).refused(start('r2', 1, 990000002)).message).to.equal('the numbers 990000002–990000003 overlap run r1 (990000000–990000003)');
    expect(spec.given().refused(start('r2', 1, 995000000)).message).to.match(/numbers 995000000–995000001 leave DIAN's habilitación range 990000000–995000000/);
    expect(spec.given().refused({ ...start('r2', 0), counts: {} } as TestSetRunCommand).message).to.equal('a test set run needs at least one document');
  });

  it('given a started run, when finished, then it keeps the answers and its outcome; finishing again changes nothing', () => {
    const finish: TestSetRunCommand = { type: 'FinishTestSetRun', runId: 'r1', setStatus: null, documents: [result('SETP990000000', 'accepted'), result('SETP990000001', 'rejected')], now };
    const { state } = spec.given(start('r1', 1)).when(finish);
    expect(state.runs[0]).to.deep.include({ outcome: 'rejected', finishedAt: now.toISOString() });
    expect(state.runs[0].documents.map((d) => d.number)).to.deep.equal(['SETP990000000', 'SETP990000001']);
    expect(spec.given(start('r1', 1), finish).when(finish).events).to.deep.equal([]);
    expect(spec.given().refused(finish).code).to.equal('not_found');
  });

  it('outcome: accepted only when every document is; rejected if any is; otherwise unanswered', () => {
    expect(runOutcome([result('a', 'accepted'), result('b', 'accepted')])).to.equal('accepted');
    expect(runOutcome([result('a', 'accepted'), result('b', 'unanswered'), result('c', 'rejected')])).to.equal('rejected');
    expect(runOutcome([result('a', 'accepted'), result('b', 'unanswered')])).to.equal('unanswered');
    expect(runOutcome([])).to.equal('unanswered');
  });
});
