import { expect } from 'chai';
import type { TestSetRun } from '../../../domain/habilitacion/test-set-run.ts';
import { failingDocuments, testSetRunJson, testSetRunText } from '../../../infrastructure/cli/test-set-text.ts';
import { stderrProgress } from '../../../infrastructure/cli/test-set-progress.ts';

const run = (fields: Partial<TestSetRun> = {}): TestSetRun => ({
  runId: 'run-1',
  kind: 'sales',
  testSetId: 'set-1',
  softwareId: 'soft-1',
  firstNumber: 990000000,
  lastNumber: 990000001,
  counts: { 'sales-invoice': 2 },
  startedAt: '2026-11-24T15:00:00.000Z',
  finishedAt: '2026-11-24T15:01:00.000Z',
  outcome: 'rejected',
  setStatus: null,
  documents: [
    { family: 'sales-invoice', number: 'SETP990000000', uniqueCode: 'cufe-0', fileName: 'fv.xml', zipKey: 'z1', outcome: 'accepted', statusCode: '00', statusDescription: 'Procesado Correctamente.', isValid: true, rules: [] },
    {
      family: 'sales-invoice', number: 'SETP990000001', uniqueCode: 'cufe-1', fileName: 'fv2.xml', zipKey: 'z2', outcome: 'rejected', statusCode: '99',
      statusDescription: 'Validación contiene errores en campos mandatorios.', isValid: false,
      rules: [{ code: 'ZE02', kind: 'rejection', text: 'Valor de la firma inválido.' }, { code: 'FAJ43b', kind: 'notification', text: 'Nombre.' }],
    },
  ],
  ...fields,
});

describe('dian test-set output (text, JSON, progress)', () => {
  it('given a finished run, then the text has each number, unique code, status, IsValid and rule line, and the tally', () => {
    const text = testSetRunText(run(), ['signing with a generated self-signed test certificate']);
    expect(text.split('\n')).to.deep.equal([
      'test set set-1 (sales), run run-1 started 2026-11-24T15:00:00.000Z: numbers 990000000–990000001',
      'warning: signing with a generated self-signed test certificate',
      'SETP990000000  sales-invoice  accepted  00 Procesado Correctamente.  IsValid true',
      '    cufe-0',
      'SETP990000001  sales-invoice  rejected  99 Validación contiene errores en campos mandatorios.  IsValid false',
      '    cufe-1',
      '    Regla: ZE02, Rechazo: Valor de la firma inválido.',
      '    Regla: FAJ43b, Notificación: Nombre.',
      'accepted 1 of 2, rejected 1, unanswered 0',
    ]);
    expect(failingDocuments(run())).to.equal('SETP990000001 (rejected: ZE02)');
  });

  it('given DIAN closed the set as Aceptado, then the text says so', () => {
    expect(testSetRunText(run({ setStatus: 'Aceptado' }))).to.contain('DIAN says the test set set-1 is Aceptado.');
  });

  it('given a run started but never finished, then status reads it as interrupted', () => {
    const interrupted = run({ finishedAt: null, outcome: null, documents: [] });
    expect(testSetRunJson(interrupted)).to.deep.include({ outcome: 'interrupted', accepted: 0, documents: [] });
    expect(testSetRunText(interrupted)).to.contain('the run was interrupted before DIAN answered');
  });

  it('given stderr is not a terminal, then progress is plain lines per step', () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream;
    const progress = stderrProgress(stream);
    progress.phase('sending sales-invoice', 2);
    progress.advance('SETP990000000');
    progress.advance('SETP990000001');
    progress.done();
    expect(written.join('')).to.equal('sending sales-invoice: 0/2\nsending sales-invoice: 1/2 SETP990000000\nsending sales-invoice: 2/2 SETP990000001\n');
  });
});
