import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SigningKey } from '../../../application/certificates/certificates.ts';
import { DianFileConsecutives } from '../../../application/dian-files/dian-file-consecutives.ts';
import { EventNotTransmittableError } from '../../../application/ports/acceptance-event-transmitter.ts';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { DianEventTransmitter, eventAnswerOf } from '../../../infrastructure/acceptance/dian-event-transmitter.ts';
import { DIAN_PRODUCTION_URL } from '../../../infrastructure/dian/web-services/dian-endpoints.ts';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite/sqlite-event-store.ts';
import { SettableClock } from '../../support/acceptance-app.ts';
import { dianResponse, ScriptedDianWebServices } from '../../support/dian/scripted-dian-web-services.ts';

const KEY: SigningKey = { privateKeyPem: 'KEY', chainPem: ['LEAF', 'ROOT'] };
const FILE = { senderTenantId: 'tenant-a', environment: 'live', senderNit: '800197268', xml: '<ApplicationResponse/>' };

describe('DianEventTransmitter (SendEventUpdateStatus)', () => {
  let dir: string;
  let store: SqliteEventStore;
  let dian: ScriptedDianWebServices;
  let keys: Map<string, SigningKey>;
  const clock = new SettableClock('2026-12-31T23:30:00-05:00');
  const transmitter = (url: string | null = null) =>
    new DianEventTransmitter(dian, { url, payrollUrl: null }, { signingKey: async (tenantId) => keys.get(tenantId) ?? null }, new DianFileConsecutives(store), clock);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'dian-events-'));
    store = new SqliteEventStore(join(dir, 'events.sqlite'));
    dian = new ScriptedDianWebServices().on('sendEventUpdateStatus', () => dianResponse());
    keys = new Map([['tenant-a', KEY]]);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('zips the XML as ar{NIT}000{yy}{consecutive}.xml, counts per sender and Colombian year, and calls production with the sender’s key', async () => {
    const sent = [await transmitter().transmit(FILE), await transmitter().transmit(FILE)];
    expect(sent.map((answer) => answer.fileName)).to.deep.equal(['z08001972680002600000001.zip', 'z08001972680002600000002.zip']);
    const [call] = dian.callsOf('sendEventUpdateStatus');
    expect(call.call).to.deep.equal({ endpoint: DIAN_PRODUCTION_URL, credentials: KEY });
    const entries = unzipSync(new Uint8Array(call.args[0] as Buffer));
    expect(Object.keys(entries)).to.deep.equal(['ar08001972680002600000001.xml']);
    expect(Buffer.from(entries[Object.keys(entries)[0]]).toString('utf8')).to.equal(FILE.xml);

    clock.set('2027-01-01T00:00:00-05:00');
    expect((await transmitter().transmit(FILE)).fileName).to.equal('z08001972680002700000001.zip');
    clock.set('2026-12-31T23:30:00-05:00');
  });

  it('calls DIAN_URL when it is set', async () => {
    await transmitter('http://127.0.0.1:9/dian').transmit(FILE);
    expect(dian.calls[0].call.endpoint).to.equal('http://127.0.0.1:9/dian');
  });

  it('refuses to send for a company without a certificate (EventNotTransmittableError), without calling DIAN', async () => {
    keys.clear();
    const error = await transmitter().transmit(FILE).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(EventNotTransmittableError);
    expect(String((error as Error).message)).to.contain('800197268');
    expect(dian.calls).to.have.length(0);
  });

  it('treats DIAN’s status 500 as unavailable (retried), not as an answer', async () => {
    dian.on('sendEventUpdateStatus', () => dianResponse({ isValid: false, statusCode: '500', statusDescription: 'Ha ocurrido un error. Por favor inténtentelo de nuevo.' }));
    const error = await transmitter().transmit(FILE).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(ProviderUnavailableError);
  });

  it('reads rule lines, and a refused request’s description when DIAN gave no lines', () => {
    expect(eventAnswerOf(dianResponse({ isValid: false, statusCode: '99', errorMessages: ['Regla: AAH07, Rechazo: x', 'Regla: AAF01, Notificación: y'] }))).to.deep.equal({
      statusCode: '99',
      isValid: false,
      messages: [
        { code: 'AAH07', kind: 'rejection', text: 'x' },
        { code: 'AAF01', kind: 'notification', text: 'y' },
      ],
    });
    expect(eventAnswerOf(dianResponse({ isValid: false, statusCode: '89', statusDescription: 'NIT de la empresa no informado en el certificado.' })).messages).to.deep.equal([
      { code: 'DIAN', kind: 'rejection', text: 'NIT de la empresa no informado en el certificado.' },
    ]);
  });
});
