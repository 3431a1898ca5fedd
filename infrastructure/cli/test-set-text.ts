import type { TestSetDocumentResult, TestSetRun } from '../../domain/habilitacion/test-set-run.ts';

const documentJson = (document: TestSetDocumentResult) => ({
  family: document.family,
  number: document.number,
  unique_code: document.uniqueCode,
  file_name: document.fileName,
  zip_key: document.zipKey,
  outcome: document.outcome,
  status_code: document.statusCode,
  status_description: document.statusDescription,
  is_valid: document.isValid,
  rules: document.rules,
});

const count = (run: TestSetRun, outcome: TestSetDocumentResult['outcome']) => run.documents.filter((document) => document.outcome === outcome).length;

/** The JSON document of `dian test-set run --json` and `status --json`; a run never finished reads as "interrupted". */
export function testSetRunJson(run: TestSetRun, warnings: string[] = []) {
  return {
    run_id: run.runId,
    kind: run.kind,
    test_set_id: run.testSetId,
    software_id: run.softwareId,
    numbers: { first: run.firstNumber, last: run.lastNumber },
    counts: run.counts,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
    outcome: run.outcome ?? 'interrupted',
    set_status: run.setStatus,
    accepted: count(run, 'accepted'),
    rejected: count(run, 'rejected'),
    unanswered: count(run, 'unanswered'),
    documents: run.documents.map(documentJson),
    warnings,
  };
}

function documentLines(document: TestSetDocumentResult): string[] {
  const validity = document.isValid === null ? '' : `  IsValid ${document.isValid}`;
  const status = [document.statusCode, document.statusDescription].filter(Boolean).join(' ');
  return [
    `${document.number}  ${document.family}  ${document.outcome}  ${status}${validity}`,
    `    ${document.uniqueCode}`,
    ...document.rules.map((rule) => `    Regla: ${rule.code}, ${rule.kind === 'rejection' ? 'Rechazo' : 'Notificación'}: ${rule.text}`),
  ];
}

/** The report of a run: one block per document (number, unique code, DIAN's answer and rule lines), then the tally. */
export function testSetRunText(run: TestSetRun, warnings: string[] = []): string {
  const lines = [
    `test set ${run.testSetId} (${run.kind}), run ${run.runId} started ${run.startedAt}: numbers ${run.firstNumber}–${run.lastNumber}`,
    ...warnings.map((warning) => `warning: ${warning}`),
    ...run.documents.flatMap(documentLines),
  ];
  if (!run.finishedAt) lines.push('the run was interrupted before DIAN answered: run `dian test-set run` again (it takes new numbers)');
  else lines.push(`accepted ${count(run, 'accepted')} of ${run.documents.length}, rejected ${count(run, 'rejected')}, unanswered ${count(run, 'unanswered')}`);
  if (run.setStatus) lines.push(`DIAN says the test set ${run.testSetId} is ${run.setStatus}.`);
  return lines.join('\n');
}

/** The documents DIAN did not accept, for the error line of a failed run. */
export function failingDocuments(run: TestSetRun): string {
  return run.documents
    .filter((document) => document.outcome !== 'accepted')
    .map((document) => {
      const rejections = document.rules.filter((rule) => rule.kind === 'rejection').map((rule) => rule.code);
      return `${document.number} (${document.outcome}${rejections.length > 0 ? `: ${[...new Set(rejections)].join(', ')}` : ''})`;
    })
    .join(', ');
}
