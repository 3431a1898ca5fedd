import { expect } from 'chai';
import { unzipSync } from 'fflate';
import { StreamingZip, ZIP_MAX_ENTRIES } from '../../../infrastructure/rendering/streaming-zip.ts';

const STAMP = { date: '2026-03-01', time: '10:00:00-05:00' };

describe('StreamingZip', () => {
  it('given entries added one by one, then the bytes it answered are a ZIP of them, stored or deflated as asked', () => {
    const zip = new StreamingZip();
    const chunks = [
      ...zip.add({ name: 'a/uno.xml', bytes: Buffer.from('<a>'.repeat(1_000)) }, STAMP),
      ...zip.add({ name: 'a/dos.pdf', bytes: Buffer.from('%PDF-1.7 stored'), stored: true }, STAMP),
      ...zip.end(),
    ];
    const files = unzipSync(Buffer.concat(chunks));

    expect(Object.keys(files)).to.deep.equal(['a/uno.xml', 'a/dos.pdf']);
    expect(Buffer.from(files['a/uno.xml']).toString()).to.equal('<a>'.repeat(1_000));
    expect(Buffer.concat(chunks).length).to.be.below(1_000);
  });

  it('given one entry more than a ZIP without ZIP64 holds, then it refuses it instead of writing a broken archive', function () {
    this.timeout(60_000);
    const zip = new StreamingZip();
    for (let index = 0; index < ZIP_MAX_ENTRIES; index += 1) zip.add({ name: `${index}`, bytes: Buffer.alloc(0), stored: true }, STAMP);

    expect(() => zip.add({ name: 'one more', bytes: Buffer.alloc(0) }, STAMP)).to.throw(/at most 65535 entries/);
  });
});
