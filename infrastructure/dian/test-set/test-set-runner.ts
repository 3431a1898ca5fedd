import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { TEST_SET_FAMILIES, type TestSetDocumentResult, type TestSetKind } from '../../../domain/habilitacion/test-set-run.ts';
import { referenceTo, testSetDocument, type TestSetIssuing } from './test-set-documents.ts';
import { invoiceSample, noteSample, payrollAdjustmentSample, payrollSample } from './test-set-samples.ts';
import { awaitAnswers, sendTestSetDocument, type InFlight, type PollPolicy, type TestSetTransport } from './test-set-transport.ts';

/** What the operator sees while a run sends and waits: a bar on a terminal, plain lines otherwise. */
export interface TestSetProgress {
  phase(label: string, total: number): void;
  advance(detail: string): void;
  done(): void;
}

export const NO_PROGRESS: TestSetProgress = { phase: () => {}, advance: () => {}, done: () => {} };

/** One run to perform: its numbers start at firstNumber and follow the families' order (invoices, credit, debit notes). */
export interface TestSetWork {
  kind: TestSetKind;
  testSetId: string;
  issuing: TestSetIssuing;
  firstNumber: number;
  counts: Partial<Record<DocumentFamilyName, number>>;
}

export interface TestSetResults {
  documents: TestSetDocumentResult[];
  setStatus: string | null;
}

const baseBody = (work: TestSetWork, label: string) => (work.kind === 'sales' ? invoiceSample(label) : payrollSample(work.issuing.now, label));
const referringBody = (work: TestSetWork, target: string, label: string) =>
  work.kind === 'sales' ? noteSample(target, label) : payrollAdjustmentSample(target, label);

async function wave(transport: TestSetTransport, policy: PollPolicy, work: TestSetWork, documents: DocumentState[], progress: TestSetProgress): Promise<InFlight[]> {
  if (documents.length === 0) return [];
  const nit = work.issuing.issuer.nit;
  const flights: InFlight[] = [];
  progress.phase(`sending ${documents[0].family}`, documents.length);
  for (const document of documents) {
    flights.push(await sendTestSetDocument(transport, document, nit, work.testSetId));
    progress.advance(document.number as string);
  }
  progress.phase(`waiting for DIAN (${documents[0].family})`, documents.length);
  for (const flight of flights.filter((candidate) => candidate.answer)) progress.advance(flight.document.number as string);
  await awaitAnswers(transport, flights, policy, (flight) => progress.advance(`${flight.document.number} ${flight.answer?.outcome}`));
  return flights;
}

const resultOf = (flight: InFlight): TestSetDocumentResult => {
  const { setStatus: _setStatus, ...answer } = flight.answer!;
  const { family, number, uniqueCode } = flight.document;
  return { family: family as DocumentFamilyName, number: number as string, uniqueCode: uniqueCode as string, fileName: flight.fileName, zipKey: flight.zipKey, ...answer };
};

/**
 * Builds, signs, sends and awaits a test set in two waves: first the invoices (or payrolls), then the notes (or
 * payroll deletions), each naming a document of the first wave that DIAN accepted (any of them if none was), so no
 * note reaches DIAN before the invoice it corrects. One document per ZIP.
 */
export async function runTestSetDocuments(transport: TestSetTransport, policy: PollPolicy, work: TestSetWork, progress: TestSetProgress = NO_PROGRESS): Promise<TestSetResults> {
  const [base, ...referring] = TEST_SET_FAMILIES[work.kind];
  let next = work.firstNumber;
  const take = (family: DocumentFamilyName) => Array.from({ length: work.counts[family] ?? 0 }, () => next++);
  const baseNumbers = take(base);
  const referringNumbers = referring.map((family) => [family, take(family)] as const);

  const baseDocuments = baseNumbers.map((consecutive) => testSetDocument(work.issuing, base, consecutive, baseBody(work, String(consecutive)), null));
  const first = await wave(transport, policy, work, baseDocuments, progress);
  const accepted = first.filter((flight) => flight.answer?.outcome === 'accepted').map((flight) => flight.document);
  const targets = accepted.length > 0 ? accepted : baseDocuments;

  const flights = [...first];
  for (const [family, numbers] of referringNumbers) {
    if (numbers.length > 0 && targets.length === 0) throw new Error(`${family} documents need at least one ${base} in the set to refer to`);
    const documents = numbers.map((consecutive, index) => {
      const target = targets[index % targets.length];
      return testSetDocument(work.issuing, family, consecutive, referringBody(work, target.number as string, String(consecutive)), referenceTo(target));
    });
    flights.push(...(await wave(transport, policy, work, documents, progress)));
  }
  progress.done();
  const setStatus = flights.map((flight) => flight.answer?.setStatus ?? null).filter((status) => status !== null).at(-1) ?? null;
  return { documents: flights.map(resultOf), setStatus };
}
