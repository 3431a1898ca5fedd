import { expect } from 'chai';
import { TokenSeal } from '../../../../infrastructure/providers/factus/http/token-seal.ts';

describe('Factus adapter: the token sealed at rest', () => {
  const secrets = { clientSecret: 'client-secret', password: 'sandbox-password' };
  const token = { access: 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.access', refresh: 'def50200refresh' };

  it('given a sealed token, then it opens under the same credentials and record, and shows neither token in clear', () => {
    const seal = new TokenSeal(secrets, 'factus:abc:token');
    const sealed = seal.seal(token);
    expect(seal.open(sealed)).to.deep.equal(token);
    expect(sealed).not.to.contain('access').and.not.to.contain('refresh');
    expect(Buffer.from(sealed, 'base64').toString('latin1')).not.to.contain('access').and.not.to.contain('def50200');
  });

  it('given the same token sealed twice, then the two differ (a random IV per write)', () => {
    const seal = new TokenSeal(secrets, 'factus:abc:token');
    expect(seal.seal(token)).not.to.equal(seal.seal(token));
  });

  it('given changed credentials, another record, an altered byte or no token, then nothing opens', () => {
    const sealed = new TokenSeal(secrets, 'factus:abc:token').seal(token);
    const altered = Buffer.from(sealed, 'base64');
    altered[altered.length - 1] ^= 1;
    expect(new TokenSeal({ ...secrets, password: 'new-password' }, 'factus:abc:token').open(sealed)).to.equal(undefined);
    expect(new TokenSeal({ ...secrets, clientSecret: 'rotated' }, 'factus:abc:token').open(sealed)).to.equal(undefined);
    expect(new TokenSeal(secrets, 'factus:other:token').open(sealed)).to.equal(undefined);
    expect(new TokenSeal(secrets, 'factus:abc:token').open(altered.toString('base64'))).to.equal(undefined);
    expect(new TokenSeal(secrets, 'factus:abc:token').open(undefined)).to.equal(undefined);
  });
});
