import { expect } from 'chai';
import { CircuitBreakerProvider } from '../../../application/providers/circuit-breaker-provider.ts';
import type { CoordinationStore } from '../../../application/ports/coordination-store.ts';
import { ProviderUnavailableError } from '../../../application/ports/document-provider.ts';
import { StoreUnavailableError } from '../../../application/ports/store-errors.ts';
import { salesInvoiceFamily } from '../../../domain/documents/families/index.ts';
import { FixedClock } from '../../support/fixtures.ts';
import { SqliteCoordinationStore } from '../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { sentDocument } from '../../support/factus/factus-fixtures.ts';
import { ScriptedProvider } from '../../support/scripted-provider.ts';

describe('CircuitBreakerProvider (any provider)', () => {
  let clock: FixedClock;
  let inner: ScriptedProvider;
  let store: SqliteCoordinationStore;
  let breaker: CircuitBreakerProvider;
  const document = () => sentDocument(salesInvoiceFamily, sampleInvoice());
  const outcomeOf = (promise: Promise<unknown>) => promise.then((value) => value, (error: Error) => error);

  beforeEach(() => {
    clock = new FixedClock('2026-05-06T15:00:00.000Z');
    inner = new ScriptedProvider('connection refused');
    store = new SqliteCoordinationStore(':memory:');
    breaker = new CircuitBreakerProvider(inner, store, clock, { threshold: 3, halfOpenAfterMs: 30_000 });
  });

  afterEach(() => store.close());

  it('given consecutive faults up to the threshold, then the circuit opens: further calls fail at once as unavailable, without reaching the provider', async () => {
    inner.down = true;
    for (let call = 0; call < 3; call += 1) await outcomeOf(breaker.submit(document()));
    expect(await breaker.isOpen()).to.equal(true);
    const error = await outcomeOf(breaker.submit(document()));
    expect(error).to.be.instanceOf(ProviderUnavailableError);
    expect((error as ProviderUnavailableError).message).to.contain('circuit open').and.contain('connection refused');
    expect((error as ProviderUnavailableError).retryAfterMs).to.equal(30_000);
    expect(inner.calls).to.have.length(3);
  });

  it('given the pause has passed on the injected clock, then one trial call goes; its success closes the circuit and work resumes by itself', async () => {
    inner.down = true;
    for (let call = 0; call < 3; call += 1) await outcomeOf(breaker.submit(document()));
    inner.down = false;
    clock.advance(29_999);
    expect(await outcomeOf(breaker.submit(document()))).to.be.instanceOf(ProviderUnavailableError);
    expect(inner.calls).to.have.length(3);
    clock.advance(1);
    expect(await breaker.submit(document())).to.include({ kind: 'validated' });
    expect(await breaker.isOpen()).to.equal(false);
    expect(await breaker.submit(document())).to.include({ kind: 'validated' });
    expect(inner.calls).to.have.length(5);
  });

  it('given the trial call fails, then the circuit opens again for another pause', async () => {
    inner.down = true;
    for (let call = 0; call < 3; call += 1) await outcomeOf(breaker.submit(document()));
    clock.advance(30_000);
    await outcomeOf(breaker.submit(document()));
    expect(inner.calls).to.have.length(4);
    await outcomeOf(breaker.submit(document()));
    expect(inner.calls).to.have.length(4);
    clock.advance(30_000);
    inner.down = false;
    expect(await breaker.submit(document())).to.include({ kind: 'validated' });
  });

  it('given errors that are not provider faults (a bug), then they do not count', async () => {
    const failing = new CircuitBreakerProvider(
      { name: 'buggy', submit: async () => Promise.reject(new TypeError('bug')), discard: async () => ({ kind: 'discarded' }), render: async () => null },
      store,
      clock,
      { threshold: 1, halfOpenAfterMs: 30_000 },
    );
    for (let call = 0; call < 3; call += 1) expect(await outcomeOf(failing.submit(document()))).to.be.instanceOf(TypeError);
    expect(await failing.isOpen()).to.equal(false);
  });

  it('given the coordination store cannot record an answer, then the provider\'s answer (or its fault) is still what the caller gets', async () => {
    inner.down = true;
    await outcomeOf(breaker.submit(document()));
    const unwritable: CoordinationStore = {
      read: (key) => store.read(key),
      write: async () => Promise.reject(new StoreUnavailableError('coordination', 'the coordination file stayed locked')),
      remove: (key, expected) => store.remove(key, expected),
      list: (prefix) => store.list(prefix),
      close: async () => undefined,
    };
    const flaky = new CircuitBreakerProvider(inner, unwritable, clock, { threshold: 3, halfOpenAfterMs: 30_000 });
    const fault = await outcomeOf(flaky.submit(document()));
    expect(fault).to.be.instanceOf(ProviderUnavailableError);
    expect((fault as Error).message).to.equal('connection refused');
    inner.down = false;
    expect(await flaky.submit(document())).to.include({ kind: 'validated' });
  });

  it('given downloads and withdrawals, then they go through the same circuit', async () => {
    inner.down = true;
    for (let call = 0; call < 3; call += 1) await outcomeOf(breaker.submit(document()));
    expect(await outcomeOf(breaker.render(document(), 'pdf'))).to.be.instanceOf(ProviderUnavailableError);
    expect(await outcomeOf(breaker.discard(document()))).to.be.instanceOf(ProviderUnavailableError);
  });
});
