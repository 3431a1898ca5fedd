import type { TestSetDocumentResult, TestSetRule } from '../../../domain/habilitacion/test-set-run.ts';
import { parseRuleLine, type DianResponse, type UploadDocumentResponse } from '../web-services/dian-web-services.ts';

/** DIAN's verdict on one document of a test set, as the run records it. */
export type TestSetAnswer = Pick<TestSetDocumentResult, 'outcome' | 'statusCode' | 'statusDescription' | 'isValid' | 'rules'> & {
  /** "Aceptado" / "Rechazado" when DIAN said the test set itself is closed so. */
  setStatus: string | null;
};

const SET_CLOSED = /se encuentra (Aceptado|Rechazado)/i;

const whole = (text: string): TestSetRule => ({ code: 'DIAN', kind: 'rejection', text });

/** Still validating: GetStatusZip's empty StatusCode ("Batch en proceso de validación."), or 98 "En Proceso". */
export const isPending = (items: readonly DianResponse[]): boolean =>
  items.length === 0 || items.some((item) => item.statusCode.trim() === '' || item.statusCode === '98');

/**
 * GetStatusZip's answer for a ZIP of one document (reference §6): IsValid true → accepted (notifications allowed);
 * StatusCode 2 → the batch was refused, the reason in StatusDescription (a closed test set says "se encuentra
 * Aceptado"); anything else → rejected with DIAN's rule lines. Null while DIAN is still validating.
 */
export function zipAnswer(items: readonly DianResponse[]): TestSetAnswer | null {
  if (isPending(items)) return null;
  const item = items.find((candidate) => !candidate.isValid) ?? items[0];
  const rules = item.errorMessages.map(parseRuleLine);
  const closed = item.statusCode === '2' ? SET_CLOSED.exec(item.statusDescription) : null;
  const setStatus = closed ? closed[1][0].toUpperCase() + closed[1].slice(1).toLowerCase() : null;
  if (!item.isValid && !rules.some((rule) => rule.kind === 'rejection')) rules.push(whole(item.statusDescription || item.statusMessage || `StatusCode ${item.statusCode}`));
  return { outcome: item.isValid ? 'accepted' : 'rejected', statusCode: item.statusCode, statusDescription: item.statusDescription, isValid: item.isValid, rules, setStatus };
}

/** An upload DIAN refused at once (no ZipKey): its ErrorMessageList as rejection lines. */
export function refusedUpload(upload: UploadDocumentResponse): TestSetAnswer {
  const rules = upload.problems.map((problem) => whole(problem.processedMessage));
  if (rules.length === 0) rules.push(whole('DIAN answered the upload without a ZipKey'));
  return { outcome: 'rejected', statusCode: '', statusDescription: 'upload refused', isValid: false, rules, setStatus: null };
}

/** A call that failed (DIAN unreachable, a SOAP fault): the document counts as rejected in this run, naming why. */
export function failedCall(message: string): TestSetAnswer {
  return { outcome: 'rejected', statusCode: '', statusDescription: 'DIAN call failed', isValid: null, rules: [whole(message)], setStatus: null };
}

/** Still pending when the run stopped waiting. */
export function unanswered(lastProblem: string | null): TestSetAnswer {
  return {
    outcome: 'unanswered',
    statusCode: '',
    statusDescription: lastProblem ?? 'Batch en proceso de validación.',
    isValid: null,
    rules: [],
    setStatus: null,
  };
}
