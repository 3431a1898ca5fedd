import { expect } from 'chai';
import { MessageChannel } from 'node:worker_threads';
import type { SigningRequest } from '../../../application/ports/xml-signer.ts';
import { UNSIGNED_XML } from '../../../application/ports/xml-signer.ts';
import { DianEventXmlRenderer } from '../../../infrastructure/acceptance/dian-event-xml-renderer.ts';
import { RenderPool } from '../../../infrastructure/rendering/threads/render-pool.ts';
import { PortRenderRunner, serveRenders } from '../../../infrastructure/rendering/threads/render-port.ts';
import { ThreadedSigner } from '../../../infrastructure/rendering/threads/threaded-signer.ts';
import { XadesSigner } from '../../../infrastructure/signing/xades-signer.ts';
import { HABILITACION_SOFTWARE } from '../../../domain/numbering/habilitacion.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { xmlsecVerify } from '../../support/signing/xmlsec.ts';
import { creditInvoice, ownEvent, PERSON, trailOf } from '../acceptance/event-fixtures.ts';

const REQUEST: SigningRequest = { tenantId: 't-1', environment: 'test', signingTime: '2026-03-04T10:00:00-05:00' };

describe('ThreadedSigner: XML signed in the render threads, with the key this thread looked up', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let xades: XadesSigner;
  const pools: RenderPool[] = [];
  const poolOf = (options: ConstructorParameters<typeof RenderPool>[1] = {}) => {
    const pool = new RenderPool(1, options);
    pools.push(pool);
    return pool;
  };
  /** An acceptance event's ApplicationResponse, unsigned, as DianEventXmlRenderer hands it to its signer. */
  let unsigned: string;

  before(async () => {
    pki = makeTestPki();
    xades = new XadesSigner({ signingKey: async () => ({ privateKeyPem: pki.leafKeyPem, chainPem: [pki.leafPem, pki.rootPem] }) });
    const invoice = creditInvoice();
    const trail = trailOf(invoice, [{ code: '030', at: '2026-03-04T15:00:00.000Z', person: PERSON }]);
    let handed = '';
    await new DianEventXmlRenderer({ of: async () => ({ ...HABILITACION_SOFTWARE }) }, { sign: async (xml) => ((handed = xml), xml) }).render(ownEvent(invoice, trail, trail.records[0].number));
    unsigned = handed;
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });
  after(() => pki.remove());

  /** Where each signature was made, as the metrics are told. */
  const placesOf = () => {
    const places: string[] = [];
    return { places, signed: (where: string, seconds: number) => places.push(seconds > 0 ? where : `${where} in no time`) };
  };

  it('signs in a render thread to the XML signing here gives, which xmlsec1 verifies, and says it ran there', async () => {
    const pool = poolOf();
    const { places, signed: told } = placesOf();
    const signed = await new ThreadedSigner(xades, pool, { signed: told }).sign(unsigned, REQUEST);
    expect(pool.rendered).to.equal(1);
    expect(places).to.deep.equal(['render-thread']);
    expect(signed).to.equal(await xades.sign(unsigned, REQUEST));
    const verified = xmlsecVerify(signed, pki.rootPem);
    expect(verified.status, verified.output).to.equal(0);
  });

  it('signs through another thread’s pool, over the port the workers thread uses', async () => {
    const pool = poolOf();
    const { port1, port2 } = new MessageChannel();
    serveRenders(port1, pool);
    try {
      const signed = await new ThreadedSigner(xades, new PortRenderRunner(port2)).sign(unsigned, REQUEST);
      expect(pool.rendered).to.equal(1);
      expect(signed).to.equal(await xades.sign(unsigned, REQUEST));
    } finally {
      port1.close();
      port2.close();
    }
  });

  it('given a company without a certificate, then the XML is left unsigned here, as XadesSigner leaves it, no thread is asked and no signature counted', async () => {
    const pool = poolOf();
    const { places, signed: told } = placesOf();
    const keyless = new XadesSigner({ signingKey: async () => null });
    const signed = await new ThreadedSigner(keyless, pool, { signed: told }).sign(unsigned, REQUEST);
    expect(signed).to.equal(await UNSIGNED_XML.sign(unsigned, REQUEST));
    expect(pool.rendered).to.equal(0);
    expect(places).to.deep.equal([]);
  });

  it('given no render threads (RENDER_THREADS=0), then it signs here and says so', async () => {
    const { places, signed: told } = placesOf();
    const signed = await new ThreadedSigner(xades, undefined, { signed: told }).sign(unsigned, REQUEST);
    expect(signed).to.equal(await xades.sign(unsigned, REQUEST));
    expect(places).to.deep.equal(['calling-thread']);
  });

  it('given a signature that fails in the thread, then it is made here and the failure reported', async () => {
    const errors: Error[] = [];
    const failing = poolOf({ entry: new URL('./failing-render-task.ts', import.meta.url) });
    const { places, signed: told } = placesOf();
    const signed = await new ThreadedSigner(xades, failing, { onError: (error) => errors.push(error), signed: told }).sign(unsigned, REQUEST);
    expect(signed).to.equal(await xades.sign(unsigned, REQUEST));
    expect(errors.map((error) => error.message)).to.deep.equal(['this render thread is out of order']);
    expect(places).to.deep.equal(['calling-thread']);
  });

  it('given a full queue, then it is signed here and nothing is reported', async () => {
    const errors: Error[] = [];
    const pool = poolOf({ queuePerThread: 1 });
    const { places, signed: told } = placesOf();
    const signer = new ThreadedSigner(xades, pool, { onError: (error) => errors.push(error), signed: told });
    // The one thread busy with the first signature and the second waiting for it, the third finds no room to wait.
    const signed = await Promise.all([1, 2, 3].map(() => signer.sign(unsigned, REQUEST)));
    const here = await xades.sign(unsigned, REQUEST);
    expect(signed).to.deep.equal([here, here, here]);
    expect(pool.rendered).to.equal(2);
    expect(errors).to.deep.equal([]);
    expect([...places].sort()).to.deep.equal(['calling-thread', 'render-thread', 'render-thread']);
  });
});
