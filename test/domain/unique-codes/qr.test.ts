import { expect } from 'chai';
import { qrUrl } from '../../../domain/unique-codes/qr.ts';

describe('qrUrl (reference §2.7)', () => {
  const key = '8bb918b19ba22a694f1da11c643b5e9de39adf60311cf179179e9b33381030bcd4c3c3f156c506ed5908f9276f5bd9b4';

  it('given production, then the URL points at the DIAN catalog', () => {
    expect(qrUrl(key, '1')).to.equal(`https://catalogo-vpfe.dian.gov.co/document/searchqr?documentkey=${key}`);
  });

  it('given testing (habilitación), then the URL points at the -hab catalog', () => {
    expect(qrUrl(key, '2')).to.equal(`https://catalogo-vpfe-hab.dian.gov.co/document/searchqr?documentkey=${key}`);
  });
});
