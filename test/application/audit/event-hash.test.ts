import { expect } from 'chai';
import { canonicalJson } from '../../../application/audit/canonical-json.ts';
import { chainedMetadata, chainLinker, eventHash, genesisHash, HASH_FIELD, PREVIOUS_HASH_FIELD, withoutTrail, type HashedEvent } from '../../../application/audit/event-hash.ts';

const event = (overrides: Partial<HashedEvent> = {}): HashedEvent => ({
  streamId: 'salesInvoice-0b9c8f1e-4c7a-4a57-9d38-3c9f8f3b1a11',
  revision: 2n,
  id: 'e1',
  type: 'DocumentValidated',
  data: { number: 'SETP990000001', warnings: [] },
  metadata: { tenantId: 't1', environment: 'test', actor: 'system:submission', $correlationId: 'c1', schemaVersion: 1 },
  ...overrides,
});

describe('canonical JSON', () => {
  it('sorts object keys at every depth and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: 'x' } })).to.equal('{"a":{"c":"x","d":[3,{"y":2,"z":1}]},"b":1}');
  });

  it('reads like JSON.stringify then JSON.parse: toJSON, undefined members dropped, undefined items null', () => {
    const value = { at: new Date(0), skip: undefined, list: [undefined, () => 1, 2], n: -0, text: 'ñ "q"' };
    expect(canonicalJson(value)).to.equal(canonicalJson(JSON.parse(JSON.stringify(value))));
    expect(canonicalJson(value)).to.equal('{"at":"1970-01-01T00:00:00.000Z","list":[null,null,2],"n":0,"text":"ñ \\"q\\""}');
  });
});

describe('event hash', () => {
  const previous = genesisHash('salesInvoice-x');

  it('the genesis of a stream depends on its id: sha256 of "genesis:" + stream id', () => {
    expect(genesisHash('salesInvoice-a')).to.match(/^[0-9a-f]{64}$/).and.not.equal(genesisHash('salesInvoice-b'));
    expect(genesisHash('salesInvoice-a')).to.equal('d8f6f829562c8e8f964d2cb4c92bc9e22aba766233a699e45349de44b2354c1c');
  });

  it('is deterministic and ignores key order and the trail fields themselves', () => {
    const reordered = event({ data: { warnings: [], number: 'SETP990000001' }, metadata: { ...event().metadata, [HASH_FIELD]: 'x', [PREVIOUS_HASH_FIELD]: 'y' } });
    expect(eventHash(previous, event())).to.equal(eventHash(previous, reordered));
  });

  it('changes with the previous hash, stream, revision, id, type, data and metadata', () => {
    const base = eventHash(previous, event());
    const variants = [
      eventHash(genesisHash('other'), event()),
      eventHash(previous, event({ streamId: 'salesInvoice-other' })),
      eventHash(previous, event({ revision: 3n })),
      eventHash(previous, event({ id: 'e2' })),
      eventHash(previous, event({ type: 'DocumentRejected' })),
      eventHash(previous, event({ data: { number: 'SETP990000002', warnings: [] } })),
      eventHash(previous, event({ metadata: { ...event().metadata, actor: 'key-x' } })),
    ];
    expect(new Set([base, ...variants]).size).to.equal(variants.length + 1);
  });

  it('has unambiguous field boundaries: moving characters between stream id and revision changes it', () => {
    expect(eventHash(previous, event({ streamId: 's-1', revision: 12n }))).to.not.equal(eventHash(previous, event({ streamId: 's-11', revision: 2n })));
  });

  it('chainedMetadata keeps the caller metadata and adds the previous hash and the hash', () => {
    const metadata = chainedMetadata(previous, event({ metadata: { ...event().metadata, [HASH_FIELD]: 'forged' } }));
    expect(withoutTrail(metadata)).to.deep.equal(event().metadata);
    expect(metadata[PREVIOUS_HASH_FIELD]).to.equal(previous);
    expect(metadata[HASH_FIELD]).to.equal(eventHash(previous, event()));
  });

  it('chainLinker answers chainedMetadata\'s hash and JSON byte for byte, whatever the metadata and names hold', () => {
    const cases: HashedEvent[] = [
      event(),
      event({ revision: 0n, metadata: {} }),
      event({ revision: 123456789012n, metadata: { ...event().metadata, [HASH_FIELD]: 'forged', [PREVIOUS_HASH_FIELD]: 'forged too' } }),
      event({ metadata: { zeta: 1, 10: 'ten', 2: 'two', skipped: undefined, nested: { b: [1, undefined], a: 'ñ "q" \u2028' } } }),
      event({ metadata: { only: undefined } }),
      event({ streamId: 'weird "stream" \\ ñ', id: 'id\n1', type: 'Type "quoted"', data: { at: new Date(0), list: [undefined, 2] } }),
    ];
    for (const chained of cases) {
      for (const previousHash of [previous, 'not a hash "at all"']) {
        const expected = chainedMetadata(previousHash, chained);
        const link = chainLinker(chained.streamId, chained)(previousHash, chained.revision);
        expect(link.hash).to.equal(expected[HASH_FIELD]);
        expect(link.metadataJson).to.equal(JSON.stringify(expected));
        expect(JSON.parse(link.metadataJson)).to.deep.equal(JSON.parse(JSON.stringify(expected)));
      }
    }
  });

  it('chainLinker falls back to chainedMetadata for metadata with its own toJSON', () => {
    const metadata = { tenantId: 't1', toJSON: () => ({ tenantId: 't1', shown: true }) };
    const chained = event({ metadata });
    const link = chainLinker(chained.streamId, chained)(previous, chained.revision);
    const expected = chainedMetadata(previous, chained);
    expect(link.hash).to.equal(expected[HASH_FIELD]);
    expect(link.metadataJson).to.equal(JSON.stringify(expected));
  });
});
