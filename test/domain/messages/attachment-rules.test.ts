import { expect } from 'chai';
import { checkAttachments, MAX_ATTACHMENT_BYTES } from '../../../domain/messages/attachment-rules.ts';

const file = (bytes: number, filename = 'f.bin') => ({ filename, content: Buffer.alloc(bytes, 7).toString('base64') });

describe('attachment rules', () => {
  it('given 10 attachments of exactly 10 MB in total, then they pass', () => {
    const tenth = MAX_ATTACHMENT_BYTES / 10;
    expect(checkAttachments(Array.from({ length: 10 }, () => file(tenth)))).to.deep.equal([]);
  });

  it('given 11 attachments, then too_many_attachments names content.attachments', () => {
    expect(checkAttachments(Array.from({ length: 11 }, () => file(1)))).to.deep.equal([
      { code: 'too_many_attachments', field: 'content.attachments', message: 'must hold at most 10 attachments; got 11' },
    ]);
  });

  it('given one byte over 10 MB once decoded, then attachments_too_large', () => {
    const violations = checkAttachments([file(MAX_ATTACHMENT_BYTES / 2), file(MAX_ATTACHMENT_BYTES / 2 + 1)]);
    expect(violations.map((v) => v.code)).to.deep.equal(['attachments_too_large']);
    expect(violations[0].message).to.contain(String(MAX_ATTACHMENT_BYTES + 1));
  });

  it('given a data: prefix, broken base64, an empty content or a path as file name, then invalid_attachment names each field', () => {
    const violations = checkAttachments([
      { filename: 'a.pdf', content: 'data:application/pdf;base64,JVBERi0=' },
      { filename: 'b.pdf', content: 'not base64!' },
      { filename: 'c.pdf', content: '' },
      { filename: '../d.pdf', content: 'AAAA' },
    ]);
    expect(violations).to.deep.equal([
      { code: 'invalid_attachment', field: 'content.attachments[0].content', message: 'must be plain base64, without a data: prefix' },
      { code: 'invalid_attachment', field: 'content.attachments[1].content', message: 'is not valid base64' },
      { code: 'invalid_attachment', field: 'content.attachments[2].content', message: 'must not be empty' },
      { code: 'invalid_attachment', field: 'content.attachments[3].filename', message: 'must be a file name without path separators or line breaks' },
    ]);
  });

  it('given MIME-style base64 with line breaks, then it is accepted and sized without them', () => {
    const wrapped = Buffer.alloc(100, 1).toString('base64').replace(/(.{76})/g, '$1\r\n');
    expect(checkAttachments([{ filename: 'w.bin', content: wrapped }])).to.deep.equal([]);
  });
});
