import type { Certificates } from '../../../application/certificates/certificates.ts';
import type { TestSetRuns } from '../../../application/habilitacion/test-set-runs.ts';
import type { Clock } from '../../../application/ports/clock.ts';
import type { XmlSigner } from '../../../application/ports/xml-signer.ts';
import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import type { TestSetKind, TestSetRun } from '../../../domain/habilitacion/test-set-run.ts';
import { dianCaller, type DianCompanyParts } from '../dian-caller.ts';
import { DianSetupError } from '../dian-setup-error.ts';
import type { DianWebServices } from '../web-services/dian-web-services.ts';
import { countsProblem } from './test-set-counts.ts';
import { runTestSetDocuments, type TestSetProgress } from './test-set-runner.ts';
import type { DianFileConsecutives } from '../../../application/dian-files/dian-file-consecutives.ts';
import type { PollPolicy } from './test-set-transport.ts';

export interface DianTestSetParts extends DianCompanyParts {
  certificates: Pick<Certificates, 'signingKey' | 'registry'>;
  runs: TestSetRuns;
  web: DianWebServices;
  /** The company's DIAN file consecutives (shared with its documents and events). */
  files: DianFileConsecutives;
  signer: XmlSigner;
  clock: Clock;
  sleep(ms: number): Promise<void>;
}

export interface DianTestSetRequest extends PollPolicy {
  tenantId: string;
  kind: TestSetKind;
  counts: Partial<Record<DocumentFamilyName, number>>;
  /** DIAN's habilitación endpoint (dianEndpoint(settings, 'test')). */
  endpoint: string;
  /** The first consecutive, for a company whose earlier runs this store does not know; else after the last run's. */
  firstNumber?: number;
}

export interface DianTestSetOutcome {
  run: TestSetRun;
  warnings: string[];
}

/**
 * A habilitación test set run in the test environment: checks the company's software (id, PIN, the kind's test set
 * id) and certificate, records the run and its numbers, sends and awaits every document, records DIAN's answers.
 */
export async function runDianTestSet(parts: DianTestSetParts, request: DianTestSetRequest, progress?: TestSetProgress): Promise<DianTestSetOutcome> {
  const { tenantId, kind } = request;
  const problem = countsProblem(kind, request.counts);
  if (problem) throw new DianSetupError(problem);
  const now = parts.clock.now();
  const caller = await dianCaller(parts, tenantId, 'test', request.endpoint, now);
  const testSetId = kind === 'sales' ? caller.software.testSetId : caller.software.payrollTestSetId;
  if (!testSetId) {
    const flag = kind === 'sales' ? '--test-set-id' : '--payroll-test-set-id';
    throw new DianSetupError(`tenant ${tenantId} has no ${kind === 'sales' ? '' : 'payroll '}test set id: set the one the DIAN portal shows with \`software set --env test … ${flag} …\``);
  }
  const software = await parts.software.keysFor(tenantId, 'test');
  if (!software) throw new DianSetupError(`tenant ${tenantId} has no software PIN for test`);
  const signing = caller.call.credentials.chainPem[0];
  const registry = await parts.certificates.registry(tenantId, 'test');
  const warnings = registry.certificates.some((certificate) => certificate.origin === 'imported' && certificate.chainPem[0] === signing)
    ? []
    : ['signing with a generated self-signed test certificate: DIAN accepts only certificates of an ONAC-accredited authority (`certificates import --env test`)'];

  const run = await parts.runs.start({ tenantId, kind, testSetId, softwareId: software.id, counts: request.counts, firstNumber: request.firstNumber });
  const issuing = { runId: run.runId, tenantId, issuer: await parts.tenants.issuer(tenantId), software, now };
  const transport = { web: parts.web, call: caller.call, signer: parts.signer, files: parts.files, sleep: parts.sleep };
  const work = { kind, testSetId, issuing, firstNumber: run.firstNumber, counts: request.counts };
  const results = await runTestSetDocuments(transport, request, work, progress);
  return { run: await parts.runs.finish(tenantId, kind, run.runId, results), warnings };
}
