import type { CheckList } from './checks.ts';
import { refused, type DianResponseFields } from './dian-response.ts';
import { documentFacts, type DocumentFacts } from './document-facts.ts';
import type { DocumentRegistry } from './document-registry.ts';
import { xmlNameProblem, zipNameProblem } from './file-names.ts';
import { escapeXml, NS } from './namespaces.ts';
import type { RecordedRequest } from './recorded-request.ts';
import { planScenario, type DocumentScript, type PlannedScenario } from './scenarios.ts';
import { dianResponseReply, invalidSecurity, resultReply, unavailablePage, type Reply } from './soap-replies.ts';
import type { TestSets } from './test-sets.ts';
import { schemaFailureAnswer, validateDocument, validationAnswer } from './validation.ts';
import { verifyDocument } from './xmlsec-runner.ts';
import { readContentFile } from './zip-contents.ts';

/** What a handler needs from the double. */
export interface SendContext {
  registry: DocumentRegistry;
  testSets: TestSets;
  script: DocumentScript;
  /** The CA a document's certificate must chain to; null → the KeyInfo certificate is trusted as is. */
  trustedPem: string | null;
  now: Date;
  record: RecordedRequest;
  checks: CheckList;
}

/** A reply, or hold the connection without answering. */
export type Outcome = { reply: Reply } | { hold: true };

interface ReceivedDocument {
  entryName: string;
  facts: DocumentFacts | null;
  signatureOk: boolean;
}

const ASYNC = new Set(['SendBillAsync', 'SendTestSetAsync']);

function uploadReply(operation: string, zipKey: string | null, problems: { fileName: string; message: string }[], now: Date): Reply {
  const list = problems.length === 0
    ? '<b:ErrorMessageList i:nil="true"/>'
    : `<b:ErrorMessageList xmlns:c="${NS.trackIdItem}">${problems.map((problem) => '<c:XmlParamsResponseTrackId><c:DocumentKey i:nil="true"/>'
      + `<c:ProcessedMessage>${escapeXml(problem.message)}</c:ProcessedMessage><c:SenderCode i:nil="true"/><c:Success>false</c:Success>`
      + `<c:XmlFileName>${escapeXml(problem.fileName)}</c:XmlFileName></c:XmlParamsResponseTrackId>`).join('')}</b:ErrorMessageList>`;
  return resultReply(operation, NS.upload, list + (zipKey ? `<b:ZipKey>${zipKey}</b:ZipKey>` : '<b:ZipKey i:nil="true"/>'), now);
}

async function receive(entryName: string, xml: string, context: SendContext): Promise<ReceivedDocument> {
  const { checks } = context;
  const nameProblem = xmlNameProblem(entryName.split('/').at(-1)!);
  checks.add('xml-file-name', nameProblem === null, nameProblem ?? entryName);
  let facts: DocumentFacts;
  try {
    facts = documentFacts(entryName, xml);
    checks.add('document-parses', true, `${facts.type} ${facts.number} ${facts.uniqueCode}`);
  } catch (error) {
    checks.add('document-parses', false, `${entryName}: ${(error as Error).message}`);
    return { entryName, facts: null, signatureOk: false };
  }
  const verified = await verifyDocument(xml, context.trustedPem);
  checks.add('document-signature', verified.ok, `${entryName}: ${verified.output.trim()}`);
  checks.add('certificate-nit', facts.certificateNit === facts.issuerNit, `certificate NIT ${facts.certificateNit ?? '(none)'}, issuer NIT ${facts.issuerNit}`);
  context.record.documents.push({ type: facts.type, number: facts.number, uniqueCode: facts.uniqueCode, issuerNit: facts.issuerNit, entryName });
  return { entryName, facts, signatureOk: verified.ok };
}

function answerFor(document: ReceivedDocument, plan: PlannedScenario, context: SendContext): DianResponseFields {
  if (!document.facts) return schemaFailureAnswer(document.entryName.split('.')[0]);
  return validateDocument(context.registry, document.facts, plan, document.signatureOk, context.now);
}

/** While the connection is held, DIAN may have validated the document (or be validating it). */
function storeBehindTimeout(document: ReceivedDocument, plan: PlannedScenario, context: SendContext): void {
  if (!document.facts || plan.stored === 'nothing' || context.registry.validatedTwin(document.facts)) return;
  context.registry.store(document.facts, validationAnswer(document.facts, true, [], context.now), true, plan.stored === 'in-process' ? plan.pendingPolls : 0);
}

/** SendBillSync, SendNominaSync, SendEventUpdateStatus, SendBillAsync, SendTestSetAsync. */
export async function handleSend(operation: string, params: Record<string, string>, context: SendContext): Promise<Outcome> {
  const { record, checks, now } = context;
  const asynchronous = ASYNC.has(operation);
  if (params.fileName !== undefined) {
    const problem = zipNameProblem(params.fileName);
    checks.add('zip-file-name', problem === null, problem ?? params.fileName);
  }
  if (operation === 'SendTestSetAsync' && !params.testSetId) {
    return { reply: uploadReply(operation, null, [{ fileName: params.fileName ?? '', message: 'Identificador del set de pruebas es obligatorio.' }], now) };
  }
  const contents = readContentFile(operation, params.contentFile, checks);
  record.zipEntries = contents.names;
  if (contents.refusal !== null) {
    return { reply: asynchronous ? uploadReply(operation, null, [{ fileName: params.fileName ?? '', message: contents.refusal }], now) : dianResponseReply(operation, refused(contents.refusal), now) };
  }
  const documents: ReceivedDocument[] = [];
  for (const entry of contents.entries) documents.push(await receive(entry.name, entry.xml, context));
  record.documentKey = documents[0].facts?.uniqueCode ?? null;
  record.number = documents[0].facts?.number ?? null;

  const plan = planScenario(documents[0].facts ? context.script({ ...documents[0].facts, operation }) : undefined);
  record.scenario = plan.kind;
  if (plan.kind === 'fault') return { reply: invalidSecurity(plan.reason) };
  if (plan.kind === 'unavailable') return { reply: unavailablePage() };
  if (plan.kind === 'timeout') {
    for (const document of documents) storeBehindTimeout(document, plan, context);
    return { hold: true };
  }

  if (!asynchronous) {
    const answer = answerFor(documents[0], plan, context);
    record.statusCode = answer.statusCode;
    return { reply: dianResponseReply(operation, answer, now) };
  }
  const plans = documents.map((document, index) => index === 0 ? plan : planScenario(document.facts ? context.script({ ...document.facts, operation }) : undefined));
  if (operation === 'SendTestSetAsync') {
    const types = documents.map((document) => document.facts?.type ?? '');
    const refusal = context.testSets.refusal(params.testSetId, types);
    if (refusal !== null) return { reply: uploadReply(operation, context.testSets.addRefusedBatch(refusal), [], now) };
  }
  const items = documents.map((document, index) => {
    const answer = answerFor(document, plans[index], context);
    if (operation === 'SendTestSetAsync' && document.facts) context.testSets.count(params.testSetId, document.facts.type, answer.isValid);
    return answer;
  });
  return { reply: uploadReply(operation, context.testSets.addBatch(items), [], now) };
}

