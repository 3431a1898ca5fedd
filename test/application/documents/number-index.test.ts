import { expect } from 'chai';
import { NumberIndex } from '../../../application/documents/number-index.ts';
import type { EventStore } from '../../../application/ports/event-store.ts';
import { contextFor, openTempStores, type TempStores } from '../../support/fixtures.ts';

describe('NumberIndex', () => {
  let stores: TempStores;
  let reads: number;
  let numbers: NumberIndex;
  const scope = contextFor('tenant-1');
  const stream = `authorityNumber-${scope.tenantId}.${scope.environment}.sales-invoice.SETP990000001`;

  beforeEach(() => {
    stores = openTempStores();
    reads = 0;
    const events = stores.events;
    const counting: EventStore = Object.assign(Object.create(events) as EventStore, {
      readStream: (streamId: string) => {
        reads += 1;
        return events.readStream(streamId);
      },
    });
    numbers = new NumberIndex(counting);
  });

  afterEach(() => stores.dispose());

  const indexed = async () => (await stores.events.readStream(stream)).map((event) => event.data.documentId);

  it('given a new number, then it is indexed without reading its stream first', async () => {
    await numbers.record(scope, 'sales-invoice', 'SETP990000001', 'doc-a');
    expect(await indexed()).to.deep.equal(['doc-a']);
    expect(reads).to.equal(0);
    expect(await numbers.lookup(scope, 'sales-invoice', 'SETP990000001')).to.deep.equal(['doc-a']);
  });

  it('given a number recorded again for the same document (a retried validation), then it is indexed once', async () => {
    await numbers.record(scope, 'sales-invoice', 'SETP990000001', 'doc-a');
    await numbers.record(scope, 'sales-invoice', 'SETP990000001', 'doc-a');
    expect(await indexed()).to.deep.equal(['doc-a']);
  });

  it('given the same document recorded twice at once, then it is indexed once', async () => {
    await Promise.all([numbers.record(scope, 'sales-invoice', 'SETP990000001', 'doc-a'), numbers.record(scope, 'sales-invoice', 'SETP990000001', 'doc-a')]);
    expect(await indexed()).to.deep.equal(['doc-a']);
  });

  it('given a number another document holds already, then both are listed under it', async () => {
    await numbers.record(scope, 'sales-invoice', 'SETP990000001', 'doc-a');
    await numbers.record(scope, 'sales-invoice', 'SETP990000001', 'doc-b');
    expect(await indexed()).to.deep.equal(['doc-a', 'doc-b']);
    expect(await numbers.lookup(scope, 'sales-invoice', 'SETP990000001')).to.deep.equal(['doc-a', 'doc-b']);
  });
});
