import type { XmlSigner } from '../../../application/ports/xml-signer.ts';
import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { DianFileConsecutives } from '../../../application/dian-files/dian-file-consecutives.ts';
import { dianPackage } from '../packaging/dian-package.ts';
import { dianFileNames } from '../packaging/dian-file-names.ts';
import type { DianCall, DianWebServices } from '../web-services/dian-web-services.ts';
import { DianUnavailableError } from '../web-services/dian-web-services.ts';
import { failedCall, isPending, refusedUpload, unanswered, zipAnswer, type TestSetAnswer } from './test-set-answers.ts';

/** How a run reaches DIAN: the client, the habilitación endpoint and the company's test certificate, and the signer of the XML. */
export interface TestSetTransport {
  web: DianWebServices;
  call: DianCall;
  signer: XmlSigner;
  /** The company's DIAN file consecutives. */
  files: DianFileConsecutives;
  /** Waits between polling rounds (a timer in the CLI, nothing in tests). */
  sleep(ms: number): Promise<void>;
}

/** What polling needs: how often, and how long at most in all. */
export interface PollPolicy {
  pollMs: number;
  maxWaitMs: number;
}

/** A document on its way: sent and waiting under its ZipKey, or already answered (a refused upload). */
export interface InFlight {
  document: DocumentState;
  fileName: string;
  zipKey: string | null;
  answer: TestSetAnswer | null;
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Signs the document's XML, zips it alone, names both the DIAN way (the company's file consecutive of the year, the
 * series its documents and events use too) and sends it with SendTestSetAsync.
 */
export async function sendTestSetDocument(transport: TestSetTransport, document: DocumentState, nit: string, testSetId: string): Promise<InFlight> {
  const year = Number(document.issueDate.slice(0, 4));
  const consecutive = await transport.files.next(document.tenantId, document.environment, year, document.id);
  const names = dianFileNames({ kind: document.family as DocumentFamilyName, nit, year, consecutive });
  const { zip } = await dianPackage(document, names, { signer: transport.signer, logoOf: async () => null });
  try {
    const upload = await transport.web.sendTestSetAsync(transport.call, names.zip, zip, testSetId);
    if (!upload.zipKey) return { document, fileName: names.xml, zipKey: null, answer: refusedUpload(upload) };
    return { document, fileName: names.xml, zipKey: upload.zipKey, answer: null };
  } catch (error) {
    if (!(error instanceof DianUnavailableError)) throw error;
    return { document, fileName: names.xml, zipKey: null, answer: failedCall(messageOf(error)) };
  }
}

/**
 * Polls GetStatusZip for every document still waiting, a round every `pollMs`, until each is answered or `maxWaitMs`
 * have been waited; an unreachable DIAN during a round only postpones that document. `onAnswer` hears each answer.
 */
export async function awaitAnswers(transport: TestSetTransport, flights: InFlight[], policy: PollPolicy, onAnswer: (flight: InFlight) => void): Promise<void> {
  const problems = new Map<InFlight, string>();
  let waited = 0;
  while (flights.some((flight) => !flight.answer)) {
    if (waited >= policy.maxWaitMs) break;
    await transport.sleep(policy.pollMs);
    waited += Math.max(policy.pollMs, 1);
    for (const flight of flights.filter((candidate) => !candidate.answer)) {
      try {
        const items = await transport.web.getStatusZip(transport.call, flight.zipKey as string);
        if (isPending(items)) continue;
        flight.answer = zipAnswer(items);
        onAnswer(flight);
      } catch (error) {
        if (!(error instanceof DianUnavailableError)) throw error;
        problems.set(flight, messageOf(error));
      }
    }
  }
  for (const flight of flights.filter((candidate) => !candidate.answer)) flight.answer = unanswered(problems.get(flight) ?? null);
}
