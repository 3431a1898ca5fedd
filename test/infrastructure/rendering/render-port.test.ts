import { expect } from 'chai';
import { performance } from 'node:perf_hooks';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { RenderingBusyError } from '../../../application/documents/artifact-errors.ts';
import type { ArtifactFormat } from '../../../application/ports/artifact.ts';
import { renderDocumentArtifact } from '../../../infrastructure/rendering/render-document-artifact.ts';
import type { RenderPlace, RenderServices } from '../../../infrastructure/rendering/render-services.ts';
import { RenderPool, type RenderPoolOptions } from '../../../infrastructure/rendering/threads/render-pool.ts';
import { PortRenderRunner, serveRenders } from '../../../infrastructure/rendering/threads/render-port.ts';
import { ThreadedRenders } from '../../../infrastructure/rendering/threads/threaded-renders.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { pkiRenderServices } from '../../support/signing/pki-render-services.ts';
import { makeTestPki, type TestPki } from '../../support/signing/test-pki.ts';
import { validatedState } from './validated-state.ts';

describe('render threads shared over a port (serveRenders, PortRenderRunner), and where each render ran', function () {
  this.timeout(60_000);
  let pki: TestPki;
  let services: RenderServices;
  const invoice = () => validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000043' });
  const pools: RenderPool[] = [];
  const ports: MessagePort[] = [];

  before(() => {
    pki = makeTestPki();
    services = pkiRenderServices(pki);
  });
  afterEach(async () => {
    for (const port of ports.splice(0)) port.close();
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
  });
  after(() => pki.remove());

  /** A pool of one thread served on one end of a channel, and a runner on the other end, as the two threads of the service have them. */
  const overPort = (options: RenderPoolOptions = {}) => {
    const pool = new RenderPool(1, options);
    pools.push(pool);
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    serveRenders(port1, pool);
    return { pool, runner: new PortRenderRunner(port2) };
  };
  /** Services that record where each render ran. */
  const recording = (places: Array<[ArtifactFormat, RenderPlace]>, offload?: ThreadedRenders): RenderServices => ({
    ...services,
    ...(offload && { offload }),
    rendered: (format, where) => places.push([format, where]),
  });
  const here = async (format: ArtifactFormat) => (await renderDocumentArtifact(invoice(), format, services))!.bytes;

  it('renders through the other end’s pool to the bytes a render here gives, and says it ran in a render thread and for how long', async () => {
    const { pool, runner } = overPort();
    const places: Array<[ArtifactFormat, RenderPlace]> = [];
    const seconds: number[] = [];

    const asked = performance.now();
    const zip = await renderDocumentArtifact(invoice(), 'zip', { ...recording(places, new ThreadedRenders(runner)), rendered: (format, where, taken) => (places.push([format, where]), seconds.push(taken)) });
    const took = (performance.now() - asked) / 1000;
    const pdf = await renderDocumentArtifact(invoice(), 'pdf', recording(places, new ThreadedRenders(runner)));

    expect(Buffer.isBuffer(zip!.bytes)).to.equal(true);
    expect(zip!.bytes.equals(await here('zip'))).to.equal(true);
    expect(zip!.headers).to.have.property('X-Email-Subject');
    expect(pdf!.bytes.equals(await here('pdf'))).to.equal(true);
    expect(pool.rendered).to.equal(2);
    expect(pool.started).to.equal(1);
    expect(places).to.deep.equal([
      ['zip', 'render-thread'],
      ['pdf', 'render-thread'],
    ]);
    // From the asking to the bytes: the look-ups, the wait for the thread to start and the render.
    expect(seconds[0]).to.be.greaterThan(0).and.at.most(took);
  });

  it('given the other end’s queue full, then the render is refused with its count, and said refused', async () => {
    const { runner } = overPort({ queuePerThread: 1 });
    const places: Array<[ArtifactFormat, RenderPlace]> = [];
    const renders = new ThreadedRenders(runner);

    const outcomes = await Promise.all(
      Array.from({ length: 4 }, () => renderDocumentArtifact(invoice(), 'pdf', recording(places, renders)).then(() => 'rendered', (error: Error) => error)),
    );

    const refused = outcomes.filter((outcome) => outcome instanceof RenderingBusyError) as RenderingBusyError[];
    expect(refused.map((error) => error.message)).to.deep.equal(['1 renders are already waiting for a render thread', '1 renders are already waiting for a render thread']);
    expect(outcomes.filter((outcome) => outcome === 'rendered')).to.have.length(2);
    expect(places.filter(([, where]) => where === 'refused')).to.have.length(2);
    expect(places.filter(([, where]) => where === 'render-thread')).to.have.length(2);
  });

  it('given the other end’s threads unable to start, then the renders are made here, and the runner is unavailable after', async () => {
    const failures: string[] = [];
    const { runner } = overPort({ entry: new URL('./unloadable-render-task.ts', import.meta.url), onError: (error) => failures.push(error.message) });
    const places: Array<[ArtifactFormat, RenderPlace]> = [];
    const renders = new ThreadedRenders(runner, (error) => failures.push(`asking thread: ${error.message}`));

    const first = await renderDocumentArtifact(invoice(), 'xml', recording(places, renders));
    const second = await renderDocumentArtifact(invoice(), 'xml', recording(places, renders));

    for (const artifact of [first, second]) expect(artifact!.bytes.equals(await here('xml'))).to.equal(true);
    expect(runner.available).to.equal(false);
    expect(places).to.deep.equal([
      ['xml', 'calling-thread'],
      ['xml', 'calling-thread'],
    ]);
    // The pool's owner reports its threads' failure; the asking thread may report it too, for the render that met it.
    expect(failures).to.include('this render task cannot be loaded');
    expect(new Set(failures.map((failure) => failure.replace('asking thread: ', '')))).to.deep.equal(new Set(['this render task cannot be loaded']));
  });

  it('given a render that fails in the other end’s thread and not here, then it is served from here and reported on the asking side', async () => {
    const { runner } = overPort({ entry: new URL('./failing-render-task.ts', import.meta.url) });
    const failures: string[] = [];
    const places: Array<[ArtifactFormat, RenderPlace]> = [];

    const artifact = await renderDocumentArtifact(invoice(), 'pdf', recording(places, new ThreadedRenders(runner, (error) => failures.push(error.message))));

    expect(artifact!.bytes.equals(await here('pdf'))).to.equal(true);
    expect(failures).to.deep.equal(['this render thread is out of order']);
    expect(runner.available).to.equal(true);
    expect(places).to.deep.equal([['pdf', 'calling-thread']]);
  });

  it('given a render that fails here as well, then it fails with the render’s own error', async () => {
    const { runner } = overPort();
    const unnumbered = { ...invoice(), number: null };

    const failure = await renderDocumentArtifact(unnumbered, 'pdf', { ...services, offload: new ThreadedRenders(runner) }).catch((error: Error) => error.message);

    expect(failure).to.match(/has no number to render/);
  });

  it('says a render made without render threads (RENDER_THREADS=0) ran on the calling thread', async () => {
    const places: Array<[ArtifactFormat, RenderPlace]> = [];

    await renderDocumentArtifact(invoice(), 'attached-xml', recording(places));

    expect(places).to.deep.equal([['attached-xml', 'calling-thread']]);
  });
});
