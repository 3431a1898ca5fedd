import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { runDianTestSet, type DianTestSetRequest } from '../../../../infrastructure/dian/test-set/dian-test-set.ts';
import { DianSetupError } from '../../../../infrastructure/dian/dian-setup-error.ts';
import { dianFileNames } from '../../../../infrastructure/dian/packaging/dian-file-names.ts';
import { DianUnavailableError, type DianResponse } from '../../../../infrastructure/dian/web-services/dian-web-services.ts';
import { testSetRunJson } from '../../../../infrastructure/cli/test-set-text.ts';
import { dianResponse } from '../../../support/dian/scripted-dian-web-services.ts';
import { openDianCompany, type DianCompany } from '../../../support/dian/dian-company.ts';
import { makeTestPki, type TestPki } from '../../../support/signing/test-pki.ts';

const HAB_URL = 'https://vpfe-hab.dian.gov.co/WcfDianCustomerServices.svc';
const PENDING = dianResponse({ isValid: false, statusCode: '', statusDescription: 'Batch en proceso de validación.', statusMessage: '' });
const REJECTED = dianResponse({
  isValid: false,
  statusCode: '99',
  statusDescription: 'Validación contiene errores en campos mandatorios.',
  errorMessages: ['Regla: ZE02, Rechazo: Valor de la firma inválido.', 'Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT.'],
});

interface Sent {
  fileName: string;
  entries: Record<string, Uint8Array>;
  testSetId: string;
  zipKey: string;
}

/**
 * A DIAN that takes every upload under ZipKey zip-<n>, answers each key "Batch en proceso de validación." on its
 * first poll(s), then `verdict(number)` (accepted unless told).
 */
function scriptDian(company: DianCompany, verdict: (number: string) => DianResponse = () => dianResponse(), pendingPolls = 1): Sent[] {
  const sent: Sent[] = [];
  const polls = new Map<string, number>();
  company.web.on('sendTestSetAsync', async (_call, fileName, zip, testSetId) => {
    const zipKey = `zip-${sent.length + 1}`;
    sent.push({ fileName, entries: unzipSync(zip), testSetId, zipKey });
    return { zipKey, problems: [] };
  });
  company.web.on('getStatusZip', async (_call, trackId) => {
    const seen = (polls.get(trackId) ?? 0) + 1;
    polls.set(trackId, seen);
    if (seen <= pendingPolls) return [PENDING];
    const upload = sent.find((candidate) => candidate.zipKey === trackId)!;
    const xml = Buffer.from(Object.values(upload.entries)[0]).toString('utf8');
    const number = /<cbc:ID>([A-Z]+\d+)<\/cbc:ID>|NumeroSecuenciaXML[^>]* Numero="([A-Z]+\d+)"/.exec(xml)!;
    return [verdict(number[1] ?? number[2])];
  });
  return sent;
}

describe('dian test-set run (scripted DIAN)', function () {
  this.timeout(60_000);
  let company: DianCompany;
  let pki: TestPki;
  before(() => {
    pki = makeTestPki();
  });
  after(() => pki.remove());
  beforeEach(async () => {
    company = await openDianCompany();
    await company.setSoftware('test', { testSetId: 'f4a1b2c3-set-fe', payrollTestSetId: 'a9b8c7d6-set-ne' });
    await company.importCertificate('test', pki);
  });
  afterEach(() => company.close());

  const request = (fields: Partial<DianTestSetRequest> = {}): DianTestSetRequest => ({
    tenantId: company.tenantId,
    kind: 'sales',
    counts: { 'sales-invoice': 2, 'credit-note': 1, 'debit-note': 1 },
    endpoint: HAB_URL,
    pollMs: 0,
    maxWaitMs: 60_000,
    ...fields,
  });

  it('given counts 2/1/1, then four signed documents go one per ZIP with DIAN names, the test set id, and each is polled until answered; exit-worthy outcome accepted', async () => {
    const sent = scriptDian(company);
    const { run, warnings } = await runDianTestSet(company.parts, request());
    expect(warnings).to.deep.equal([]);
    expect(run.outcome).to.equal('accepted');
    expect(run.documents.map((d) => [d.family, d.number, d.outcome])).to.deep.equal([
      ['sales-invoice', 'SETP990000000', 'accepted'],
      ['sales-invoice', 'SETP990000001', 'accepted'],
      ['credit-note', 'NC990000002', 'accepted'],
      ['debit-note', 'ND990000003', 'accepted'],
    ]);
    expect(sent.map((upload) => upload.testSetId)).to.deep.equal(Array(4).fill('f4a1b2c3-set-fe'));
    const year = company.clock.now().getUTCFullYear();
    const kinds = ['sales-invoice', 'sales-invoice', 'credit-note', 'debit-note'] as const;
    sent.forEach((upload, index) => {
      const names = dianFileNames({ kind: kinds[index], nit: '900825759', year, consecutive: index + 1 });
      expect(upload.fileName).to.equal(names.zip);
      expect(Object.keys(upload.entries)).to.deep.equal([names.xml]);
      const xml = Buffer.from(upload.entries[names.xml]).toString('utf8');
      expect(xml).to.contain('<ds:Signature').and.to.contain('<cbc:ProfileExecutionID>2</cbc:ProfileExecutionID>');
      expect(xml).to.contain(`<sts:SoftwareID schemeAgencyID="195" schemeAgencyName="CO, DIAN (Dirección de Impuestos y Aduanas Nacionales)">soft-test</sts:SoftwareID>`);
      expect(xml).to.contain(run.documents[index].uniqueCode);
    });
    expect(run.documents[0].fileName).to.equal(dianFileNames({ kind: 'sales-invoice', nit: '900825759', year, consecutive: 1 }).xml);
    expect(Buffer.from(Object.values(sent[2].entries)[0]).toString('utf8')).to.contain('SETP990000000');
    // one "in process" answer, then the verdict: two polls per ZIP, every call signed for the habilitación endpoint
    expect(company.web.callsOf('getStatusZip').map((call) => call.args[0])).to.deep.equal(['zip-1', 'zip-2', 'zip-1', 'zip-2', 'zip-3', 'zip-3', 'zip-4', 'zip-4']);
    expect(company.web.calls.every((call) => call.call.endpoint === HAB_URL && call.call.credentials.chainPem[0] === pki.leafPem.trim() + '\n')).to.equal(true);
  });

  it('given DIAN rejects one invoice, then the run is rejected and that document carries its status, IsValid and rule lines', async () => {
    scriptDian(company, (number) => (number === 'SETP990000001' ? REJECTED : dianResponse()));
    const { run } = await runDianTestSet(company.parts, request());
    expect(run.outcome).to.equal('rejected');
    const rejected = run.documents.filter((d) => d.outcome !== 'accepted');
    expect(rejected.map((d) => d.number)).to.deep.equal(['SETP990000001']);
    expect(rejected[0]).to.deep.include({ statusCode: '99', isValid: false, statusDescription: 'Validación contiene errores en campos mandatorios.' });
    expect(rejected[0].rules).to.deep.equal([
      { code: 'ZE02', kind: 'rejection', text: 'Valor de la firma inválido.' },
      { code: 'FAJ43b', kind: 'notification', text: 'Nombre informado No corresponde al registrado en el RUT.' },
    ]);
    // the notes name the invoice DIAN accepted
    const notes = run.documents.filter((d) => d.family !== 'sales-invoice');
    expect(notes.every((d) => d.outcome === 'accepted')).to.equal(true);
  });

  it('given a run recorded, then a second run takes numbers after it, and the last run is the second', async () => {
    scriptDian(company);
    const first = await runDianTestSet(company.parts, request());
    const second = await runDianTestSet(company.parts, request({ counts: { 'sales-invoice': 1, 'credit-note': 0, 'debit-note': 0 } }));
    expect([first.run.firstNumber, first.run.lastNumber, second.run.firstNumber, second.run.lastNumber]).to.deep.equal([990000000, 990000003, 990000004, 990000004]);
    expect(second.run.documents.map((d) => d.number)).to.deep.equal(['SETP990000004']);
    const last = await company.parts.runs.last(company.tenantId, 'sales');
    expect(last).to.deep.equal(second.run);
  });

  it('given DIAN never answers within the wait, then the documents are unanswered and the run is not accepted', async () => {
    scriptDian(company, () => dianResponse(), Infinity);
    const { run } = await runDianTestSet(company.parts, request({ counts: { 'sales-invoice': 1, 'credit-note': 0, 'debit-note': 0 }, pollMs: 1000, maxWaitMs: 3000 }));
    expect(run.outcome).to.equal('unanswered');
    expect(run.documents[0]).to.deep.include({ outcome: 'unanswered', statusDescription: 'Batch en proceso de validación.' });
    expect(company.web.callsOf('getStatusZip')).to.have.length(3);
  });

  it('given the test set already closed as Aceptado (GetStatusZip StatusCode 2), then the run says so and the document is not counted accepted', async () => {
    scriptDian(company, () =>
      dianResponse({ isValid: false, statusCode: '2', statusDescription: 'Set de prueba con identificador f4a1b2c3-set-fe se encuentra Aceptado.' }),
    );
    const { run } = await runDianTestSet(company.parts, request({ counts: { 'sales-invoice': 1, 'credit-note': 0, 'debit-note': 0 } }));
    expect(run.setStatus).to.equal('Aceptado');
    expect(run.outcome).to.equal('rejected');
    expect(run.documents[0].rules).to.deep.equal([{ code: 'DIAN', kind: 'rejection', text: 'Set de prueba con identificador f4a1b2c3-set-fe se encuentra Aceptado.' }]);
  });

  it('given an upload refused at once or DIAN unreachable, then those documents are rejected naming why and the others go on', async () => {
    let uploads = 0;
    company.web.on('sendTestSetAsync', async () => {
      uploads += 1;
      if (uploads === 1) return { zipKey: null, problems: [{ documentKey: null, processedMessage: 'Identificador del set de pruebas es obligatorio.', senderCode: null, success: false, xmlFileName: null }] };
      if (uploads === 2) throw new DianUnavailableError('DIAN did not answer within 30000 ms', true);
      return { zipKey: `zip-${uploads}`, problems: [] };
    });
    company.web.on('getStatusZip', async () => [dianResponse()]);
    const { run } = await runDianTestSet(company.parts, request({ counts: { 'sales-invoice': 3, 'credit-note': 0, 'debit-note': 0 } }));
    expect(run.documents.map((d) => [d.outcome, d.rules.map((r) => r.text)])).to.deep.equal([
      ['rejected', ['Identificador del set de pruebas es obligatorio.']],
      ['rejected', ['DIAN did not answer within 30000 ms']],
      ['accepted', []],
    ]);
  });

  it('given --payroll, then payrolls and payroll deletions go with the payroll test set id, named nie/niae', async () => {
    const sent = scriptDian(company);
    const { run } = await runDianTestSet(company.parts, request({ kind: 'payroll', counts: { payroll: 2, 'payroll-adjustment': 1 } }));
    expect(run.outcome).to.equal('accepted');
    expect(run.documents.map((d) => d.number)).to.deep.equal(['NE990000000', 'NE990000001', 'NIAE990000002']);
    expect(sent.map((upload) => upload.testSetId)).to.deep.equal(Array(3).fill('a9b8c7d6-set-ne'));
    expect(sent.map((upload) => Object.keys(upload.entries)[0].slice(0, 4))).to.deep.equal(['nie0', 'nie0', 'niae']);
  });

  it('given no test set id, the sandbox\'s default software, or notes without invoices, then a DianSetupError says what to do and nothing is sent', async () => {
    const other = await company.container.registerTenant.execute({ nit: '900373076', legalName: 'Otra S.A.S.' }, { actor: 'test', correlationId: 'test' });
    const noSoftware = await runDianTestSet(company.parts, request({ tenantId: other.id })).catch((e: unknown) => e);
    expect(noSoftware).to.be.instanceOf(DianSetupError);
    expect((noSoftware as Error).message).to.contain(`software set --tenant ${other.id} --env test`);
    await company.setSoftware('test', {});
    const noSet = await runDianTestSet(company.parts, request()).catch((e: unknown) => e);
    expect(noSet).to.be.instanceOf(DianSetupError);
    expect((noSet as Error).message).to.contain('--test-set-id');
    const noPayrollSet = await runDianTestSet(company.parts, request({ kind: 'payroll', counts: { payroll: 1 } })).catch((e: unknown) => e);
    expect((noPayrollSet as Error).message).to.contain('--payroll-test-set-id');
    const notesOnly = await runDianTestSet(company.parts, request({ counts: { 'sales-invoice': 0, 'credit-note': 1 } })).catch((e: unknown) => e);
    expect((notesOnly as Error).message).to.contain('--invoices');
    expect(company.web.calls).to.deep.equal([]);
  });

  it('given the --json view of a run, then it has the run, the tally and per document number, unique code and answer', async () => {
    scriptDian(company, (number) => (number === 'ND990000003' ? REJECTED : dianResponse()));
    const { run, warnings } = await runDianTestSet(company.parts, request());
    const json = testSetRunJson(run, warnings);
    expect(Object.keys(json)).to.deep.equal(['run_id', 'kind', 'test_set_id', 'software_id', 'numbers', 'counts', 'started_at', 'finished_at', 'outcome', 'set_status', 'accepted', 'rejected', 'unanswered', 'documents', 'warnings']);
    expect(json).to.deep.include({ kind: 'sales', test_set_id: 'f4a1b2c3-set-fe', software_id: 'soft-test', outcome: 'rejected', accepted: 3, rejected: 1, unanswered: 0, set_status: null });
    expect(json.numbers).to.deep.equal({ first: 990000000, last: 990000003 });
    expect(json.documents[3]).to.deep.include({ family: 'debit-note', number: 'ND990000003', outcome: 'rejected', status_code: '99', is_valid: false, zip_key: 'zip-4' });
    expect(json.documents[3].unique_code).to.match(/^[0-9a-f]{96}$/);
    expect(JSON.parse(JSON.stringify(json))).to.deep.equal(json);
  });
});
