import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import { ARTIFACT_FORMATS } from '../../../application/ports/artifact.ts';
import { UNSIGNED_XML } from '../../../application/ports/xml-signer.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { EMPTY_COMPANY_PROFILE } from '../../../domain/tenancy/company-profile.ts';
import { renderDocumentArtifact } from '../../../infrastructure/rendering/render-document-artifact.ts';
import type { RenderServices } from '../../../infrastructure/rendering/render-services.ts';
import { RenderPool, type RenderPoolOptions } from '../../../infrastructure/rendering/threads/render-pool.ts';
import { ThreadedRenders } from '../../../infrastructure/rendering/threads/threaded-renders.ts';
import { validPayrollBody } from '../../domain/payroll/valid-payroll-body.ts';
import { pdfImages } from '../../support/artifacts/pdf-tools.ts';
import { pngLogo } from '../../support/logo-images.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { pkiRenderServices } from '../../support/signing/pki-render-services.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { validatedState } from './validated-state.ts';

const AUTHORITY_RESPONSE = '<ApplicationResponse xmlns="urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2"><ID>42</ID></ApplicationResponse>';

describe('render threads (RenderPool, ThreadedRenders): the files a render here gives, built on another thread', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let services: RenderServices;
  const pool = new RenderPool(1);
  const logo = { bytes: pngLogo(), contentType: 'image/png' as const };
  const logoReference = { sha256: createHash('sha256').update(logo.bytes).digest('hex'), content_type: logo.contentType, size: logo.bytes.length, width: 48, height: 24 };
  const issuer = { nit: '900825759', dv: '7', legal_name: 'HALLTEC S.A.S.', trade_name: 'Halltec', profile: { ...EMPTY_COMPANY_PROFILE, logo: logoReference } };
  const invoice = () => validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000042', issuer });
  const payroll = () => validatedState('payroll', { ...validPayrollBody() }, { number: 'NE100' });

  before(() => {
    pki = makeTestPki();
    services = { ...pkiRenderServices(pki), logoOf: async () => logo, authorityResponseOf: async () => AUTHORITY_RESPONSE };
  });
  after(async () => {
    await pool.close();
    pki.remove();
  });

  const pooled = (base: RenderServices = services): RenderServices => ({ ...base, offload: new ThreadedRenders(pool) });

  /** A pool of one thread of a test's own, closed after the test. */
  const others: RenderPool[] = [];
  const otherPool = (options: RenderPoolOptions) => {
    const other = new RenderPool(1, options);
    others.push(other);
    return other;
  };
  /** Renders through a pool of one thread of the test's own; failures of the pool and of the renders both reported to onError. */
  const otherThreads = (options: RenderPoolOptions) => new ThreadedRenders(otherPool(options), options.onError);
  afterEach(async () => {
    await Promise.all(others.splice(0).map((other) => other.close()));
  });

  for (const [family, state] of [['sales invoice', invoice], ['payroll', payroll]] as const) {
    it(`renders every format of a ${family} to the same bytes, name and headers, signed, with the logo and DIAN's answer`, async () => {
      for (const format of ARTIFACT_FORMATS) {
        const before = pool.rendered;
        const here = await renderDocumentArtifact(state(), format, services);
        const there = await renderDocumentArtifact(state(), format, pooled());

        expect(pool.rendered, format).to.equal(before + 1);
        if (!here) {
          expect(there, format).to.equal(null);
          continue;
        }
        expect(Buffer.isBuffer(there!.bytes), format).to.equal(true);
        expect(there!.bytes.equals(here.bytes), `${format} bytes`).to.equal(true);
        expect({ ...there!, bytes: null }, format).to.deep.equal({ ...here, bytes: null });
      }
    });
  }

  it('the files really hold what was looked up on the calling thread: the signature, the logo, DIAN’s answer', async () => {
    const attached = (await renderDocumentArtifact(invoice(), 'attached-xml', pooled()))!.bytes.toString('utf8');
    const unsigned = (await renderDocumentArtifact(invoice(), 'attached-xml', pooled({ ...services, signer: UNSIGNED_XML })))!.bytes.toString('utf8');
    const withoutLogo = await renderDocumentArtifact(invoice(), 'pdf', pooled({ ...services, logoOf: async () => null }));
    const withLogo = await renderDocumentArtifact(invoice(), 'pdf', pooled());

    expect(attached).to.contain('<ds:SignatureValue').and.to.contain('<ID>42</ID>');
    expect(unsigned).not.to.contain('<ds:SignatureValue');
    expect(pdfImages(withLogo!.bytes)).to.deep.equal([['image', '48', '24', 'image']]);
    expect(pdfImages(withoutLogo!.bytes)).to.deep.equal([]);
  });

  it('renders on the calling thread a signer it cannot hand over (one that is neither XAdES nor unsigned)', async () => {
    const marking: RenderServices = { ...services, signer: { sign: async (xml) => `${xml}<!-- signed here -->` } };
    const before = pool.rendered;

    const xml = await renderDocumentArtifact(invoice(), 'xml', pooled(marking));

    expect(xml!.bytes.toString('utf8')).to.match(/<!-- signed here -->$/);
    expect(pool.rendered).to.equal(before);
  });

  it('fails as a render here fails: a document without a number is refused with the same message', async () => {
    const unnumbered: DocumentState = { ...invoice(), number: null };
    const here = await renderDocumentArtifact(unnumbered, 'pdf', services).catch((error: Error) => error.message);
    const there = await renderDocumentArtifact(unnumbered, 'pdf', pooled()).catch((error: Error) => error.message);

    expect(here).to.match(/has no number to render/);
    expect(there).to.equal(here);
  });

  it('refuses renders beyond its threads and queue with RenderingBusyError, and renders the others', async () => {
    const small = otherThreads({ queuePerThread: 1 });
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => renderDocumentArtifact(invoice(), 'pdf', { ...services, offload: small }).then((artifact) => artifact!.bytes, (error: Error) => error)),
    );
    const refused = outcomes.filter((outcome) => outcome instanceof RenderingBusyError);
    const rendered = outcomes.filter((outcome) => Buffer.isBuffer(outcome)) as Buffer[];

    // One thread and a queue of one: two renders in flight, four refused.
    expect(refused.length).to.equal(4);
    expect(rendered.length).to.equal(2);
    expect(refused[0]).to.have.property('message', '1 renders are already waiting for a render thread');
    const expected = (await renderDocumentArtifact(invoice(), 'pdf', services))!.bytes;
    for (const bytes of rendered) expect(bytes.equals(expected)).to.equal(true);
  });

  it('given a thread that fails while starting, then the renders waiting for it and every one after are rendered on the calling thread, and the failure reported', async () => {
    const failures: string[] = [];
    const broken = otherThreads({ entry: new URL('./unloadable-render-task.ts', import.meta.url), onError: (error) => failures.push(error.message) });

    const [first, second] = await Promise.all([0, 1].map(() => renderDocumentArtifact(invoice(), 'zip', { ...services, offload: broken })));
    const third = await renderDocumentArtifact(invoice(), 'zip', { ...services, offload: broken });

    const expected = (await renderDocumentArtifact(invoice(), 'zip', services))!.bytes;
    for (const artifact of [first, second, third]) expect(artifact!.bytes.equals(expected)).to.equal(true);
    expect(failures).to.not.be.empty;
    expect(new Set(failures)).to.deep.equal(new Set(['this render task cannot be loaded']));
  });

  it('given a render that fails in the thread but not here, then it is served from here and the failure reported', async () => {
    const failures: string[] = [];
    const faulty = otherThreads({ entry: new URL('./failing-render-task.ts', import.meta.url), onError: (error) => failures.push(error.message) });

    const artifact = await renderDocumentArtifact(invoice(), 'pdf', { ...services, offload: faulty });

    expect(artifact!.bytes.equals((await renderDocumentArtifact(invoice(), 'pdf', services))!.bytes)).to.equal(true);
    expect(failures).to.deep.equal(['this render thread is out of order']);
  });
});
