import type { Artifact, ArtifactFormat } from '../../../application/ports/artifact.ts';
import type { Clock } from '../../../application/ports/clock.ts';
import { ProviderUnavailableError, UNCLAIMED_ATTEMPT, type DocumentProvider, type SubmissionAttempt } from '../../../application/ports/document-provider.ts';
import type { DocumentNumbering } from '../../../application/numbering/document-numbering.ts';
import { numberedDocument } from '../../../application/numbering/numbered-document.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { renderDocumentArtifact } from '../../rendering/render-document-artifact.ts';
import type { RenderServices } from '../../rendering/render-services.ts';
import type { DianCall, DianWebServices } from '../../dian/web-services/dian-web-services.ts';
import type { DianApplicationResponses } from './dian-application-responses.ts';
import { isPayroll, type DianCalls } from './dian-calls.ts';
import type { DianFileRegister } from './dian-file-register.ts';
import { dianPackage } from '../../dian/packaging/dian-package.ts';
import { verdictOf, type DianVerdict } from './dian-verdict.ts';

/** What the DIAN provider asks of the company's numbering (application/numbering). */
export type DianNumbering = Pick<DocumentNumbering, 'assign' | 'withdraw' | 'release'>;

export interface DianProviderParts {
  webServices: DianWebServices;
  calls: DianCalls;
  numbering: DianNumbering;
  files: DianFileRegister;
  responses: DianApplicationResponses;
  renderServices: RenderServices;
  clock: Clock;
  /** DIAN_TIMEOUT_MS: the claim on an attempt is made to outlast the call by a margin. */
  timeoutMs: number;
}

/** Beyond the SOAP timeout, for the time between confirming the claim and the call, and the answer's handling. */
const CLAIM_MARGIN_MS = 15_000;

const rejected = (code: string, message: string): SubmissionOutcome => ({ kind: 'rejected', errors: [{ code, message }] });

/**
 * DIAN's own web services, as "software propio": the document is numbered, signed and zipped here, sent with
 * SendBillSync (SendNominaSync for payroll), and DIAN's answer is the outcome. A later attempt first asks GetStatus,
 * so a document DIAN already answered is never sent again; one DIAN never received is resent with the same bytes and
 * file names. DIAN's signed ApplicationResponse is kept and goes in the AttachedDocument.
 */
export class DianProvider implements DocumentProvider {
  readonly name = 'dian';
  /** DIAN answers a sync send in seconds and a company's sends are independent: a few in flight per instance. */
  readonly concurrency = 4;
  private readonly renderServices: RenderServices;

  constructor(private readonly parts: DianProviderParts) {
    this.renderServices = { ...parts.renderServices, authorityResponseOf: (document) => parts.responses.of(document) };
  }

  async submit(document: DocumentState, attempt: SubmissionAttempt = UNCLAIMED_ATTEMPT): Promise<SubmissionOutcome> {
    const { numbering, calls, clock } = this.parts;
    const call = await calls.about(document, clock.now());
    if (!call || !(await calls.canSign(document))) {
      if (attempt.resumed) throw new ProviderUnavailableError(`no signing certificate for ${document.tenantId} in ${document.environment}: cannot ask DIAN about document ${document.id}`);
      await numbering.release(document, 'rejected');
      return rejected('CERTIFICATE_MISSING', `Rechazo: la empresa no tiene un certificado de firma vigente en ${document.environment}; el documento no se envió a la DIAN`);
    }
    const assignment = await numbering.assign(document);
    if ('withdrawn' in assignment) return rejected('DIAN-WITHDRAWN', 'Rechazo: el documento fue retirado antes de su envío a la DIAN');
    if ('unavailable' in assignment) return rejected('DIAN-NUMBERING', `Rechazo: ${assignment.unavailable.message}`);
    const numbered = numberedDocument(document, assignment);
    if (attempt.resumed) {
      const known = verdictOf(await this.status(call, numbered));
      if (known.kind !== 'unknown') return this.conclude(numbered, known, 'status');
    }
    return this.send(numbered, call, attempt);
  }

  async discard(document: DocumentState): Promise<{ kind: 'discarded' } | SubmissionOutcome> {
    const assignment = await this.parts.numbering.withdraw(document);
    if (!('number' in assignment)) return { kind: 'discarded' };
    const numbered = numberedDocument(document, assignment);
    const call = await this.parts.calls.about(document, this.parts.clock.now());
    if (!call) throw new ProviderUnavailableError(`no signing certificate for ${document.tenantId} in ${document.environment}: cannot ask DIAN about document ${document.id}`);
    const known = verdictOf(await this.status(call, numbered));
    if (known.kind === 'validated') return this.conclude(numbered, known, 'status');
    if (known.kind === 'rejected') {
      await this.conclude(numbered, known, 'status');
      return { kind: 'discarded' };
    }
    // DIAN never received it. Its number stays taken: an attempt may be sending it right now.
    if (known.kind === 'unknown') return { kind: 'discarded' };
    return this.conclude(numbered, known, 'status');
  }

  /** The same renderers as the sandbox's, with DIAN's own ApplicationResponse in the AttachedDocument. */
  render(document: DocumentState, format: ArtifactFormat): Promise<Artifact | null> {
    return renderDocumentArtifact(document, format, this.renderServices);
  }

  private async send(numbered: DocumentState, call: DianCall, attempt: SubmissionAttempt): Promise<SubmissionOutcome> {
    const { webServices, files, clock, timeoutMs } = this.parts;
    const names = await files.namesFor(numbered, clock.now());
    const { zip } = await dianPackage(numbered, names, this.renderServices);
    await attempt.confirm(timeoutMs + CLAIM_MARGIN_MS);
    const answer = isPayroll(numbered) ? await webServices.sendNominaSync(call, zip) : await webServices.sendBillSync(call, names.zip, zip);
    const verdict = verdictOf(answer);
    // Rule 90: DIAN holds this number already (an earlier attempt reached it); its state is GetStatus's, never a resend.
    if (verdict.kind === 'already-processed') return this.conclude(numbered, verdictOf(await this.status(call, numbered)), 'status');
    return this.conclude(numbered, verdict, 'send');
  }

  private status(call: DianCall, numbered: DocumentState) {
    return this.parts.webServices.getStatus(call, (numbered.uniqueCode ?? '').toLowerCase());
  }

  /** A final verdict as the outcome (kept answer, number given back on rejection); anything else is asked again later. */
  private async conclude(numbered: DocumentState, verdict: DianVerdict, from: 'send' | 'status'): Promise<SubmissionOutcome> {
    const { responses, numbering, clock } = this.parts;
    switch (verdict.kind) {
      case 'validated':
        if (verdict.applicationResponse) await responses.record(numbered, { validated: true, base64: verdict.applicationResponse });
        return {
          kind: 'validated',
          number: numbered.number as string,
          uniqueCode: numbered.uniqueCode as string,
          validatedAt: clock.now().toISOString(),
          warnings: verdict.warnings,
          numbering: numbered.numbering ?? undefined,
        };
      case 'rejected':
        if (verdict.applicationResponse) await responses.record(numbered, { validated: false, base64: verdict.applicationResponse });
        await numbering.release(numbered, 'rejected');
        return { kind: 'rejected', errors: verdict.errors };
      case 'refused':
        // Refused before validation: DIAN holds nothing of the document, so its number is free again.
        if (from === 'send') {
          await numbering.release(numbered, 'rejected');
          return { kind: 'rejected', errors: verdict.errors };
        }
        throw new ProviderUnavailableError(`DIAN refused to report on document ${numbered.id}: ${verdict.errors[0].message}`);
      default:
        throw new ProviderUnavailableError(`DIAN has no final answer for document ${numbered.id} (${from}): ${describe(verdict)}`);
    }
  }
}

function describe(verdict: DianVerdict): string {
  switch (verdict.kind) {
    case 'in-process':
      return '98 En Proceso';
    case 'already-processed':
      return 'rule 90, and GetStatus did not tell its state';
    case 'unknown':
    case 'unavailable':
      return verdict.description;
    default:
      return verdict.kind;
  }
}
