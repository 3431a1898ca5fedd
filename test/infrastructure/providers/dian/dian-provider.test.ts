import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { ProviderUnavailableError } from '../../../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../../../domain/documents/document-state.ts';
import { payrollFamily, salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { DIAN_HABILITACION_URL } from '../../../../infrastructure/dian/web-services/dian-endpoints.ts';
import { DianUnavailableError } from '../../../../infrastructure/dian/web-services/dian-web-services.ts';
import { dianResponse } from '../../../support/dian/scripted-dian-web-services.ts';
import { applicationResponseBase64, dianRig, keysOf, recordingAttempt, sentDocument, type DianRig } from '../../../support/dian/dian-provider-fixtures.ts';
import { FixedClock, openTempStores, type TempStores } from '../../../support/fixtures.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { makeTestPki, type TestPki } from '../../../support/signing/test-pki.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';

const REJECTED = dianResponse({
  isValid: false,
  statusCode: '99',
  statusDescription: 'Validación contiene errores en campos mandatorios.',
  statusMessage: 'Documento con errores en campos mandatorios.',
  errorMessages: ['Regla: ZE02, Rechazo: Valor de la firma inválido.', 'Regla: ZB01, Rechazo: Fallo en el esquema XML del archivo', 'Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT.'],
  xmlBase64Bytes: applicationResponseBase64('rechazo', '04'),
});
const ALREADY_PROCESSED = dianResponse({ isValid: false, statusCode: '99', errorMessages: ['Regla: 90, Rechazo: Documento procesado anteriormente.'] });
const UNKNOWN = dianResponse({ isValid: false, statusCode: '66', statusDescription: 'TrackId no existe en los registros de la DIAN.' });

function validatedOrFail(outcome: SubmissionOutcome) {
  if (outcome.kind !== 'validated') expect.fail(`expected a validation, got ${JSON.stringify(outcome)}`);
  return outcome;
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => expect.fail('expected a failure'), (error: unknown) => error);
}

describe('DIAN provider', () => {
  const clock = new FixedClock('2026-05-06T15:00:00.000Z');
  let pki: TestPki;
  let stores: TempStores;
  let rig: DianRig;

  before(() => {
    pki = makeTestPki();
  });
  after(() => pki.remove());
  beforeEach(() => {
    stores = openTempStores();
    rig = dianRig(stores, clock, keysOf(pki));
  });
  afterEach(() => stores.dispose());

  const invoice = (identification?: string) => sentDocument(salesInvoiceFamily, sampleInvoice(identification ? { identification } : {}));

  it('given DIAN validates with a notification, then validated with the number, CUFE, clock time, the notification as a warning; sent once to habilitación, signed with the company key, after confirming the claim', async () => {
    const log: string[] = [];
    rig.dian.on('sendBillSync', () => {
      log.push('send');
      return dianResponse({ errorMessages: ['Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT.'], xmlBase64Bytes: applicationResponseBase64('validado') });
    });
    const attempt = recordingAttempt(false, log);
    const outcome = validatedOrFail(await rig.provider.submit(invoice(), attempt));
    expect(outcome).to.include({ number: 'SETP990000000', validatedAt: '2026-05-06T15:00:00.000Z' });
    expect(outcome.uniqueCode).to.match(/^[0-9a-f]{96}$/);
    expect(outcome.warnings).to.deep.equal([{ code: 'FAJ43b', message: 'Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT.' }]);
    expect(outcome.numbering?.resolution.prefix).to.equal('SETP');
    expect(log).to.deep.equal(['confirm', 'send']);
    expect(attempt.confirmed).to.deep.equal([16_000]);
    const [sent] = rig.dian.callsOf('sendBillSync');
    expect(sent.call.endpoint).to.equal(DIAN_HABILITACION_URL);
    expect(sent.call.credentials).to.deep.equal({ privateKeyPem: pki.leafKeyPem, chainPem: [pki.leafPem, pki.rootPem] });
    expect(sent.args[0]).to.equal('z09008257590002600000001.zip');
  });

  it('given a send, then the ZIP holds exactly one XML, named fv{NIT}000{yy}{hex}.xml, and it is the signed render of the numbered document', async () => {
    rig.dian.on('sendBillSync', () => dianResponse());
    const document = invoice();
    const outcome = validatedOrFail(await rig.provider.submit(document));
    const entries = unzipSync(rig.dian.callsOf('sendBillSync')[0].args[1] as Buffer);
    expect(Object.keys(entries)).to.deep.equal(['fv09008257590002600000001.xml']);
    const numbered: DocumentState = { ...document, number: outcome.number, uniqueCode: outcome.uniqueCode, numbering: outcome.numbering ?? null };
    const rendered = await rig.provider.render(numbered, 'xml');
    const xml = Buffer.from(entries['fv09008257590002600000001.xml']);
    expect(xml.equals(rendered!.bytes)).to.equal(true);
    expect(xml.toString()).to.contain('<ds:SignatureValue').and.to.contain(`<cbc:UUID schemeID="2" schemeName="CUFE-SHA384">${outcome.uniqueCode}</cbc:UUID>`);
  });

  it('given DIAN rejects, then rejected with every rule line (notifications too) and the number is given back: the next document gets it', async () => {
    rig.dian.on('sendBillSync', () => REJECTED);
    const outcome = await rig.provider.submit(invoice());
    expect(outcome).to.deep.equal({
      kind: 'rejected',
      errors: [
        { code: 'ZE02', message: 'Regla: ZE02, Rechazo: Valor de la firma inválido.' },
        { code: 'ZB01', message: 'Regla: ZB01, Rechazo: Fallo en el esquema XML del archivo' },
        { code: 'FAJ43b', message: 'Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT.' },
      ],
    });
    rig.dian.on('sendBillSync', () => dianResponse());
    expect(validatedOrFail(await rig.provider.submit(invoice())).number).to.equal('SETP990000000');
  });

  it('given DIAN refuses the request (89), then rejected with code 89 and the description, and the number is given back', async () => {
    rig.dian.on('sendBillSync', () => dianResponse({ isValid: false, statusCode: '89', statusDescription: 'NIT de la empresa no informado en el certificado.' }));
    expect(await rig.provider.submit(invoice())).to.deep.equal({ kind: 'rejected', errors: [{ code: '89', message: 'Rechazo: NIT de la empresa no informado en el certificado.' }] });
    rig.dian.on('sendBillSync', () => dianResponse());
    expect(validatedOrFail(await rig.provider.submit(invoice())).number).to.equal('SETP990000000');
  });

  it('given rule 90 (already processed), then GetStatus is asked with the CUFE and its answer is the outcome; sent exactly once', async () => {
    rig.dian.on('sendBillSync', () => ALREADY_PROCESSED).on('getStatus', () => dianResponse({ xmlBase64Bytes: applicationResponseBase64('consultado') }));
    const outcome = validatedOrFail(await rig.provider.submit(invoice()));
    expect(rig.dian.callsOf('sendBillSync')).to.have.length(1);
    expect(rig.dian.callsOf('getStatus').map((call) => call.args[0])).to.deep.equal([outcome.uniqueCode]);
  });

  it('given a resumed attempt that DIAN validated, then GetStatus answers it and nothing is sent', async () => {
    rig.dian.on('getStatus', () => dianResponse({ xmlBase64Bytes: applicationResponseBase64('ya validado') }));
    const outcome = validatedOrFail(await rig.provider.submit(invoice(), recordingAttempt(true)));
    expect(rig.dian.calls.map((call) => call.operation)).to.deep.equal(['getStatus']);
    expect(rig.dian.calls[0].args[0]).to.equal(outcome.uniqueCode);
  });

  it('given a resumed attempt DIAN rejected, then rejected from GetStatus, nothing sent, number given back', async () => {
    rig.dian.on('getStatus', () => REJECTED);
    const outcome = await rig.provider.submit(invoice(), recordingAttempt(true));
    expect(outcome.kind).to.equal('rejected');
    expect(rig.dian.callsOf('sendBillSync')).to.have.length(0);
    rig.dian.on('sendBillSync', () => dianResponse());
    expect(validatedOrFail(await rig.provider.submit(invoice())).number).to.equal('SETP990000000');
  });

  it('given a send that timed out, when resumed and DIAN never received it (66), then it is sent once more with the same file names and identical bytes', async () => {
    const document = invoice();
    rig.dian.on('sendBillSync', () => {
      throw new DianUnavailableError('no answer within 1000 ms', true);
    });
    expect(await failure(rig.provider.submit(document, recordingAttempt(false)))).to.be.instanceOf(ProviderUnavailableError);
    rig.dian.on('getStatus', () => UNKNOWN).on('sendBillSync', () => dianResponse());
    const outcome = validatedOrFail(await rig.provider.submit(document, recordingAttempt(true)));
    expect(outcome.number).to.equal('SETP990000000');
    expect(rig.dian.calls.map((call) => call.operation)).to.deep.equal(['sendBillSync', 'getStatus', 'sendBillSync']);
    const [first, again] = rig.dian.callsOf('sendBillSync');
    expect(again.args[0]).to.equal(first.args[0]);
    expect((again.args[1] as Buffer).equals(first.args[1] as Buffer)).to.equal(true);
  });

  it('given a resumed attempt DIAN is still validating (98), then unavailable (asked again later) and nothing sent', async () => {
    rig.dian.on('getStatus', () => dianResponse({ isValid: false, statusCode: '98', statusDescription: 'En Proceso' }));
    expect(await failure(rig.provider.submit(invoice(), recordingAttempt(true)))).to.be.instanceOf(ProviderUnavailableError);
    expect(rig.dian.callsOf('sendBillSync')).to.have.length(0);
  });

  it('given a fault, a timeout, DIAN error 500 or a sync send without result (66), then ProviderUnavailableError', async () => {
    const answers: Array<() => never | ReturnType<typeof dianResponse>> = [
      () => {
        throw new DianUnavailableError('SOAP fault a:InvalidSecurity', false, 'a:InvalidSecurity');
      },
      () => {
        throw new DianUnavailableError('no answer', true);
      },
      () => dianResponse({ isValid: false, statusCode: '500', statusDescription: 'Ha ocurrido un error. Por favor inténtentelo de nuevo.' }),
      () => UNKNOWN,
    ];
    const document = invoice();
    for (const answer of answers) {
      rig.dian.on('sendBillSync', answer);
      expect(await failure(rig.provider.submit(document))).to.be.instanceOf(ProviderUnavailableError);
    }
  });

  it('given a payroll, then it goes through SendNominaSync at the payroll endpoint, zipped as nie{NIT}{yy}{hex}.xml', async () => {
    rig = dianRig(stores, clock, keysOf(pki), { payrollUrl: 'http://127.0.0.1:9/nomina' });
    rig.dian.on('sendNominaSync', () => dianResponse());
    const payroll = sentDocument(payrollFamily, validPayrollBody() as unknown as Record<string, unknown>);
    const outcome = validatedOrFail(await rig.provider.submit(payroll));
    expect(outcome.number).to.match(/^NE/);
    expect(rig.dian.callsOf('sendBillSync')).to.have.length(0);
    const [sent] = rig.dian.callsOf('sendNominaSync');
    expect(sent.call.endpoint).to.equal('http://127.0.0.1:9/nomina');
    expect(Object.keys(unzipSync(sent.args[0] as Buffer))).to.deep.equal(['nie09008257592600000001.xml']);
  });

  it('given a validated document, then its attached-xml and ZIP carry DIAN\'s own ApplicationResponse', async () => {
    rig.dian.on('sendBillSync', () => dianResponse({ xmlBase64Bytes: applicationResponseBase64('respuesta-real-de-la-dian') }));
    const document = invoice();
    const outcome = validatedOrFail(await rig.provider.submit(document));
    const validated: DocumentState = { ...document, status: 'validated', number: outcome.number, uniqueCode: outcome.uniqueCode, numbering: outcome.numbering ?? null, validatedAt: outcome.validatedAt };
    const attached = (await rig.provider.render(validated, 'attached-xml'))!.bytes.toString();
    expect(attached).to.contain('<Note>respuesta-real-de-la-dian</Note>');
    const zip = unzipSync((await rig.provider.render(validated, 'zip'))!.bytes);
    const inZip = Object.entries(zip).find(([name]) => name.endsWith('.xml'))!;
    expect(Buffer.from(inZip[1]).toString()).to.contain('respuesta-real-de-la-dian');
  });

  it('given a company without a certificate, then rejected CERTIFICATE_MISSING before numbering, and nothing is sent', async () => {
    rig = dianRig(stores, clock, { signingKey: async () => null });
    const outcome = await rig.provider.submit(invoice());
    expect(outcome).to.have.property('kind', 'rejected');
    if (outcome.kind === 'rejected') expect(outcome.errors[0].code).to.equal('CERTIFICATE_MISSING');
    expect(rig.dian.calls).to.deep.equal([]);
  });

  describe('discard', () => {
    it('given a document never numbered, then it is withdrawn without asking DIAN, and a late submission is rejected', async () => {
      const document = invoice();
      expect(await rig.provider.discard(document)).to.deep.equal({ kind: 'discarded' });
      expect(rig.dian.calls).to.deep.equal([]);
      const late = await rig.provider.submit(document);
      expect(late.kind).to.equal('rejected');
      expect(rig.dian.calls).to.deep.equal([]);
    });

    it('given a numbered document DIAN validated, then the validation is answered', async () => {
      const document = invoice();
      rig.dian.on('sendBillSync', () => {
        throw new DianUnavailableError('no answer', true);
      });
      await failure(rig.provider.submit(document));
      rig.dian.on('getStatus', () => dianResponse());
      const answer = await rig.provider.discard(document);
      expect(answer).to.include({ kind: 'validated', number: 'SETP990000000' });
    });

    it('given a numbered document DIAN never received (66), then discarded', async () => {
      const document = invoice();
      rig.dian.on('sendBillSync', () => {
        throw new DianUnavailableError('no answer', true);
      });
      await failure(rig.provider.submit(document));
      rig.dian.on('getStatus', () => UNKNOWN);
      expect(await rig.provider.discard(document)).to.deep.equal({ kind: 'discarded' });
    });
  });
});
