import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { eventTransmissionRowId } from '../../../application/acceptance/event-transmission-schedule.ts';
import { DIAN_HABILITACION_URL } from '../../../infrastructure/dian/web-services/dian-endpoints.ts';
import { DianUnavailableError, type DianResponse } from '../../../infrastructure/dian/web-services/dian-web-services.ts';
import { expectSchema } from '../../support/api-test-helpers.ts';
import {
  invoiceTo,
  ISSUER_NIT,
  MANUAL_SCHEDULER,
  RECEIVER_NIT,
  RECEPTIONS,
  sendAll,
  SettableClock,
  trail,
  validatedInvoice,
} from '../../support/acceptance-app.ts';
import { dianResponse, ScriptedDianWebServices, type RecordedDianCall } from '../../support/dian/scripted-dian-web-services.ts';
import { http } from '../../support/http.ts';
import { keyInfoCertificatePem, xmlsecVerify } from '../../support/signing/xmlsec.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const RETRY = { maxAttempts: 3, initialDelayMs: 1_000, maxDelayMs: 4_000, jitter: 0, leaseMs: 60_000 };
const REJECTED = dianResponse({
  isValid: false,
  statusCode: '99',
  statusDescription: 'Validación contiene errores en campos mandatorios.',
  errorMessages: ['Regla: AAH07, Rechazo: Nombre del emisor no corresponde.', 'Regla: AAF01, Notificación: NIT del adquiriente no registrado.'],
});
const ALREADY_PROCESSED = dianResponse({ isValid: false, statusCode: '99', errorMessages: ['Regla: 90, Rechazo: Documento procesado anteriormente.'] });

/** The one XML inside the ZIP a SendEventUpdateStatus call carried, with its entry name. */
function sentFile(call: RecordedDianCall): { name: string; xml: string } {
  const entries = Object.entries(unzipSync(new Uint8Array(call.args[0] as Buffer)));
  expect(entries, 'one XML per ZIP').to.have.length(1);
  return { name: entries[0][0], xml: Buffer.from(entries[0][1]).toString('utf8') };
}

describe('own acceptance events sent to DIAN (SendEventUpdateStatus)', () => {
  const clock = new SettableClock('2026-02-05T10:00:00-05:00');
  const dian = new ScriptedDianWebServices();
  /** What DIAN does with each next call; accepted when the queue is empty. */
  let script: Array<() => DianResponse> = [];
  let app: TestApp;
  let issuer: TestTenant;
  let receiver: TestTenant;

  before(async () => {
    dian.on('sendEventUpdateStatus', () => (script.shift() ?? (() => dianResponse()))());
    app = await startTestApp({}, { clock, ...MANUAL_SCHEDULER, sendAcceptanceEventsToDian: true, dianWebServices: dian, dianEventsRetry: RETRY, submissionRandom: () => 0 });
    issuer = await app.createTenant({ nit: ISSUER_NIT });
    receiver = await app.createTenant({ nit: RECEIVER_NIT });
  });
  after(() => app.close());
  beforeEach(() => {
    script = [];
    dian.calls.length = 0;
  });

  const sends = () => dian.callsOf('sendEventUpdateStatus');
  const tick = async () => {
    const made = await app.container.acceptance.dianEvents!.scheduler.tick();
    await app.settle();
    return made;
  };
  const receptionTrail = async (id: string) => {
    const answer = await http(app.baseUrl, 'GET', `${RECEPTIONS}/${id}/events`, { key: receiver.key });
    expect(answer.status, answer.text).to.equal(200);
    expectSchema('DocumentEventList', answer.body);
    return answer.body.data as Record<string, any>[];
  };
  const transmittedEvents = async (invoiceId: string) =>
    (await app.container.eventStore.readStream(`invoiceAcceptance-${invoiceId}`)).filter((event) => event.type === 'AcceptanceEventTransmitted');

  it('sends the receiver’s 030 and then its 032 once each: one signed ar…xml in a z…zip, as the receiver, to habilitación; the trails show DIAN’s answers', async () => {
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    const [ack] = await sendAll(app, receiver, invoice.id, ['030']);
    expect(ack.dian).to.deep.equal({ status: 'pending' });
    await app.settle();
    await sendAll(app, receiver, invoice.id, ['032']);
    await app.settle();

    expect(sends()).to.have.length(2);
    const events = await receptionTrail(invoice.id);
    for (const [index, call] of sends().entries()) {
      expect(call.call.endpoint).to.equal(DIAN_HABILITACION_URL);
      const { name, xml } = sentFile(call);
      expect(name).to.match(new RegExp(`^ar0${RECEIVER_NIT}00026[0-9A-F]{8}\\.xml$`));
      expect(xml).to.contain(`<cbc:ResponseCode>${events[index].code}</cbc:ResponseCode>`);
      expect(xml).to.contain(events[index].unique_code);
      const certificate = keyInfoCertificatePem(xml);
      expect(xmlsecVerify(xml, certificate).status, 'xmlsec1 verifies the event’s signature').to.equal(0);
      expect(call.call.credentials.chainPem[0].replace(/\s/g, '')).to.equal(certificate.replace(/\s/g, ''));
    }
    const [first, second] = sends().map((call) => sentFile(call).name);
    expect(parseInt(second.slice(-12, -4), 16)).to.equal(parseInt(first.slice(-12, -4), 16) + 1);
    const zips = (await transmittedEvents(invoice.id)).map((event) => String(event.data.fileName));
    expect(zips).to.deep.equal([first, second].map((name) => `z${name.slice(2, -4)}.zip`));

    for (const seen of [events, await trail(app, issuer, invoice.id)]) {
      expect(seen.map((event) => [event.code, event.dian])).to.deep.equal([
        ['030', { status: 'accepted', status_code: '00', messages: [] }],
        ['032', { status: 'accepted', status_code: '00', messages: [] }],
      ]);
    }
    expect(await tick()).to.equal(0);
    expect(sends()).to.have.length(2);
  });

  it('shows a rejection with DIAN’s rules, and does not send the event again', async () => {
    script = [() => REJECTED];
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await sendAll(app, receiver, invoice.id, ['030']);
    await app.settle();
    const [event] = await receptionTrail(invoice.id);
    expect(event.dian).to.deep.equal({
      status: 'rejected',
      status_code: '99',
      messages: [
        { rule: 'AAH07', kind: 'rejection', text: 'Nombre del emisor no corresponde.' },
        { rule: 'AAF01', kind: 'notification', text: 'NIT del adquiriente no registrado.' },
      ],
    });
    clock.set('2026-02-06T10:00:00-05:00');
    expect(await tick()).to.equal(0);
    expect(sends()).to.have.length(1);
  });

  it('retries after an outage (the call timed out) and takes rule 90 on the resend as accepted, with no further send', async () => {
    clock.set('2026-02-09T10:00:00-05:00');
    script = [
      () => {
        throw new DianUnavailableError('no answer within 30000 ms', true);
      },
      () => ALREADY_PROCESSED,
    ];
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await sendAll(app, receiver, invoice.id, ['030']);
    await app.settle();
    expect(sends()).to.have.length(1);
    expect((await receptionTrail(invoice.id))[0].dian).to.deep.equal({ status: 'pending', reason: 'no answer within 30000 ms' });

    clock.set('2026-02-09T10:00:00.999-05:00');
    expect(await tick(), 'not due before the back-off ends').to.equal(0);
    clock.set('2026-02-09T10:00:01-05:00');
    expect(await tick()).to.equal(1);
    expect(sends()).to.have.length(2);
    expect(sentFile(sends()[1]).xml).to.equal(sentFile(sends()[0]).xml);
    expect((await receptionTrail(invoice.id))[0].dian).to.deep.equal({
      status: 'accepted',
      status_code: '99',
      messages: [{ rule: '90', kind: 'rejection', text: 'Documento procesado anteriormente.' }],
    });

    clock.set('2026-02-09T11:00:00-05:00');
    expect(await tick()).to.equal(0);
    expect(sends()).to.have.length(2);
  });

  /** An invoice whose receiver's 030 met a refused connection at `at`: deferred, due again a second later. */
  const deferredReceipt = async (at: string) => {
    clock.set(at);
    script = [
      () => {
        throw new DianUnavailableError('connection refused', false);
      },
    ];
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await sendAll(app, receiver, invoice.id, ['030']);
    await app.settle();
    return invoice;
  };

  it('given an event deferred, then answered, then its timer leaves the schedule; one brought back by an older event handled late is dropped when due, with no send again', async () => {
    const invoice = await deferredReceipt('2026-02-09T14:00:00-05:00');
    const schedule = app.container.acceptance.dianEvents!.schedule;
    const key = { tenantId: '*', environment: 'acceptance-event-transmissions', id: eventTransmissionRowId(invoice.id, '1') };
    const deferred = await schedule.get(key);
    expect(deferred, 'due again after the outage').to.deep.include({ dueAt: '2026-02-09T19:00:01.000Z' });
    clock.set('2026-02-09T14:00:01-05:00');
    expect(await tick()).to.equal(1);
    expect((await receptionTrail(invoice.id))[0].dian.status).to.equal('accepted');
    expect(await schedule.get(key), 'the settled timer is removed').to.equal(null);

    await schedule.upsert(key, 1n, deferred!);
    expect(await tick()).to.equal(0);
    expect(await schedule.get(key)).to.equal(null);
    expect(sends(), 'nothing sent again').to.have.length(2);
  });

  it('lets one of several racing workers make a due attempt: the event is sent once more, not once per worker', async () => {
    const invoice = await deferredReceipt('2026-02-09T12:00:00-05:00');
    clock.set('2026-02-09T12:00:01-05:00');
    const transmit = app.container.acceptance.dianEvents!.transmit;
    const made = await Promise.all([1, 2, 3, 4].map((worker) => transmit.attempt(invoice.id, '1', `system:test-${worker}`)));
    await app.settle();
    expect(made.filter(Boolean)).to.have.length(1);
    expect(sends()).to.have.length(2);
    expect((await receptionTrail(invoice.id))[0].dian.status).to.equal('accepted');
  });

  it('gives up after the last attempt: the event is failed with the reason', async () => {
    clock.set('2026-02-10T10:00:00-05:00');
    const outage = () => {
      throw new DianUnavailableError('HTTP 503', false, '503');
    };
    script = [outage, outage, outage];
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    await sendAll(app, receiver, invoice.id, ['030']);
    await app.settle();
    for (const at of ['2026-02-10T10:00:01-05:00', '2026-02-10T10:00:03-05:00']) {
      clock.set(at);
      expect(await tick()).to.equal(1);
    }
    expect(sends()).to.have.length(3);
    expect((await receptionTrail(invoice.id))[0].dian).to.deep.equal({ status: 'failed', reason: 'DIAN unavailable after 3 attempts: HTTP 503' });
    clock.set('2026-02-11T10:00:00-05:00');
    expect(await tick()).to.equal(0);
  });

  it('sends the issuer’s tacit acceptance (034) as the issuer, when the tacit-acceptance scheduler records it', async () => {
    clock.set('2026-02-05T10:00:00-05:00');
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT, { credit: true }));
    await sendAll(app, receiver, invoice.id, ['030', '032']);
    await app.settle();
    expect(sends()).to.have.length(2);

    clock.set('2026-02-11T00:00:00-05:00');
    expect(await app.container.acceptance.scheduler.tick()).to.equal(1);
    await app.settle();

    expect(sends()).to.have.length(3);
    const { name, xml } = sentFile(sends()[2]);
    expect(name).to.match(new RegExp(`^ar0${ISSUER_NIT}00026[0-9A-F]{8}\\.xml$`));
    expect(xml).to.contain('<cbc:ResponseCode>034</cbc:ResponseCode>');
    expect(xmlsecVerify(xml, keyInfoCertificatePem(xml)).status).to.equal(0);
    const issuerTrail = await trail(app, issuer, invoice.id);
    expect(issuerTrail.map((event) => [event.code, event.dian?.status])).to.deep.equal([
      ['030', 'accepted'],
      ['032', 'accepted'],
      ['034', 'accepted'],
    ]);
  });
});

describe('own acceptance events when the deployment does not send them to DIAN', () => {
  let app: TestApp;
  after(() => app?.close());

  it('records them without a dian field (the trail keeps its shape)', async () => {
    app = await startTestApp({}, { ...MANUAL_SCHEDULER });
    const issuer = await app.createTenant({ nit: ISSUER_NIT });
    const receiver = await app.createTenant({ nit: RECEIVER_NIT });
    const invoice = await validatedInvoice(app, issuer, invoiceTo(RECEIVER_NIT));
    const [ack] = await sendAll(app, receiver, invoice.id, ['030']);
    await app.settle();
    expect(ack).to.not.have.property('dian');
    expect((await trail(app, issuer, invoice.id))[0]).to.not.have.property('dian');
    expect(app.container.acceptance.dianEvents).to.equal(undefined);
  });
});
