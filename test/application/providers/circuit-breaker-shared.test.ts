import { expect } from 'chai';
import { CircuitBreakerProvider } from '../../../application/providers/circuit-breaker-provider.ts';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import type { SubmissionOutcome } from '../../../domain/documents/document-commands.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import { salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { sentDocument } from '../../support/factus/factus-fixtures.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { sharedCoordinationFile } from '../../support/shared-coordination-file.ts';
import { ScriptedProvider } from '../../support/scripted-provider.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A provider whose calls wait until the test lets them answer (a trial in flight). */
class HeldProvider extends ScriptedProvider {
  readonly held: Array<() => void> = [];

  override async submit(document: DocumentState): Promise<SubmissionOutcome> {
    await new Promise<void>((resolve) => this.held.push(resolve));
    return super.submit(document);
  }

  /** Lets the oldest held call answer, once one has arrived. */
  async answer(): Promise<void> {
    for (let wait = 0; this.held.length === 0 && wait < 100; wait += 1) await turn();
    this.held.shift()?.();
  }
}

describe('CircuitBreakerProvider shared by instances', () => {
  const options = { threshold: 3, halfOpenAfterMs: 30_000, trialDeadlineMs: 60_000 };
  const document = () => sentDocument(salesInvoiceFamily, sampleInvoice());
  const outcomeOf = (promise: Promise<unknown>) => promise.then((value) => value, (error: Error) => error);
  let clock: FixedClock;
  let file: ReturnType<typeof sharedCoordinationFile>;

  beforeEach(() => {
    clock = new FixedClock('2026-05-06T15:00:00.000Z');
    file = sharedCoordinationFile();
  });

  afterEach(() => file.cleanup());

  const instance = (inner: ScriptedProvider) => new CircuitBreakerProvider(inner, file.open(), clock, options);

  it('given faults seen by two instances reach the threshold together, then the circuit is open for both, with the last fault', async () => {
    const [innerA, innerB] = [new ScriptedProvider('connection refused'), new ScriptedProvider('socket hang up')];
    innerA.down = innerB.down = true;
    const [a, b] = [instance(innerA), instance(innerB)];
    await outcomeOf(a.submit(document()));
    await outcomeOf(a.submit(document()));
    expect([await a.isOpen(), await b.isOpen()]).to.deep.equal([false, false]);
    await outcomeOf(b.submit(document()));
    expect([await a.isOpen(), await b.isOpen()]).to.deep.equal([true, true]);
    clock.advance(10_000);
    const refused = (await Promise.all([outcomeOf(a.submit(document())), outcomeOf(b.submit(document()))])) as ProviderUnavailableError[];
    expect(refused.map((error) => error.retryAfterMs)).to.deep.equal([20_000, 20_000]);
    expect(refused.map((error) => error.message)).to.satisfy((messages: string[]) => messages.every((message) => message.includes('circuit open') && message.includes('socket hang up')));
    expect([innerA.calls.length, innerB.calls.length]).to.deep.equal([2, 1]);
  });

  it('given the pause is over, when both instances call at once, then only one gets the trial; its success lets both through', async () => {
    const [innerA, innerB] = [new HeldProvider(), new HeldProvider()];
    innerA.down = innerB.down = true;
    const [a, b] = [instance(innerA), instance(innerB)];
    for (let fault = 0; fault < 3; fault += 1) {
      const failing = outcomeOf(a.submit(document()));
      await innerA.answer();
      await failing;
    }
    innerA.down = innerB.down = false;
    clock.advance(30_000);

    const calls = [outcomeOf(a.submit(document())), outcomeOf(b.submit(document()))];
    for (let wait = 0; wait < 10; wait += 1) await turn();
    expect(innerA.held.length + innerB.held.length).to.equal(1);
    await (innerA.held.length === 1 ? innerA : innerB).answer();
    const outcomes = await Promise.all(calls);
    const refused = outcomes.filter((outcome) => outcome instanceof ProviderUnavailableError);
    expect(refused.map((error) => error.retryAfterMs)).to.deep.equal([0]);
    expect(outcomes.filter((outcome) => (outcome as SubmissionOutcome).kind === 'validated')).to.have.length(1);

    const after = [a.submit(document()), b.submit(document())];
    await Promise.all([innerA.answer(), innerB.answer()]);
    expect((await Promise.all(after)).map((outcome) => outcome.kind)).to.deep.equal(['validated', 'validated']);
  });

  it('given the instance holding the trial never answers, then after the trial deadline another instance tries', async () => {
    const [innerA, innerB] = [new HeldProvider(), new ScriptedProvider()];
    innerA.down = true;
    const [a, b] = [instance(innerA), instance(innerB)];
    for (let fault = 0; fault < 3; fault += 1) {
      const failing = outcomeOf(a.submit(document()));
      await innerA.answer();
      await failing;
    }
    clock.advance(30_000);
    void a.submit(document()); // the trial, whose caller dies with it
    for (let wait = 0; wait < 10 && innerA.held.length === 0; wait += 1) await turn();
    expect(innerA.held).to.have.length(1);
    clock.advance(59_999);
    expect(await outcomeOf(b.submit(document()))).to.be.instanceOf(ProviderUnavailableError);
    expect(innerB.calls).to.have.length(0);
    clock.advance(1);
    expect(await b.submit(document())).to.include({ kind: 'validated' });
    expect(await a.isOpen()).to.equal(false);
  });

  it('given the trial ends in an error that is no provider fault (a bug), then the next call, in any instance, is the trial', async () => {
    const inner = new ScriptedProvider();
    inner.down = true;
    const [a, b] = [instance(inner), instance(inner)];
    for (let fault = 0; fault < 3; fault += 1) await outcomeOf(a.submit(document()));
    clock.advance(30_000);
    inner.down = false;
    const bug = { name: 'scripted', submit: async () => Promise.reject(new TypeError('bug')), discard: async () => ({ kind: 'discarded' as const }), render: async () => null };
    const buggy = new CircuitBreakerProvider(bug, file.open(), clock, options);
    expect(await outcomeOf(buggy.submit(document()))).to.be.instanceOf(TypeError);
    expect(await b.submit(document())).to.include({ kind: 'validated' });
    expect(await a.isOpen()).to.equal(false);
  });

  it('given calls that succeed while the circuit is closed with no faults, then the record is not written at all', async () => {
    const inner = new ScriptedProvider();
    const [a, b] = [instance(inner), instance(inner)];
    const shared = file.open();
    for (let call = 0; call < 3; call += 1) await Promise.all([a.submit(document()), b.submit(document())]);
    expect(await shared.read('circuit:scripted')).to.equal(undefined);
    inner.down = true;
    await outcomeOf(a.submit(document()));
    inner.down = false;
    await b.submit(document());
    await a.submit(document());
    expect(await shared.read('circuit:scripted')).to.deep.equal({ value: { failures: 0 }, version: 2 });
  });
});
