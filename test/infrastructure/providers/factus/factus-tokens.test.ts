import { expect } from 'chai';
import { ProviderUnavailableError } from '../../../../application/ports/document-provider.ts';
import { salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { SqliteCoordinationStore } from '../../../../infrastructure/coordination/sqlite-coordination-store.ts';
import { createFactusProvider } from '../../../../infrastructure/providers/factus/create-factus-provider.ts';
import { FixedClock } from '../../../support/fixtures.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { DOUBLE_CREDENTIALS, FactusDouble } from '../../../support/factus/double/factus-double.ts';
import { factusAgainst, sentDocument } from '../../../support/factus/factus-fixtures.ts';

const invoice = () => sentDocument(salesInvoiceFamily, sampleInvoice());

describe('Factus adapter: OAuth2 tokens', () => {
  let clock: FixedClock;
  let double: FactusDouble;

  beforeEach(async () => {
    clock = new FixedClock('2026-05-06T15:00:00.000Z');
    double = new FactusDouble(() => clock.now());
    await double.start();
  });

  afterEach(() => double.close());

  const tokenGrants = () => double.requests.filter((request) => request.path === '/oauth/token').map((request) => request.body.grant_type);

  it('given several calls within the token lifetime, then one password grant serves them all, also when they start together', async () => {
    const factus = factusAgainst(double, clock);
    await Promise.all([factus.submit(invoice()), factus.submit(invoice()), factus.submit(invoice())]);
    await factus.submit(invoice());
    expect(tokenGrants()).to.deep.equal(['password']);
    expect(new Set(double.requests.filter((r) => r.path.startsWith('/v2')).map((r) => r.authorization))).to.deep.equal(new Set(['Bearer access-1']));
  });

  it('given the token expires mid-run (expires_in from the answer), then it is refreshed with the refresh token before use, and no call meets a 401', async () => {
    double.tokenLifetimeSeconds = 3600;
    const factus = factusAgainst(double, clock);
    await factus.submit(invoice());
    clock.advance(3_550_000); // 50 s before expiry: inside the renewal margin
    await factus.submit(invoice());
    expect(tokenGrants()).to.deep.equal(['password', 'refresh_token']);
    expect(double.requests.find((r) => r.body?.grant_type === 'refresh_token')?.body.refresh_token).to.equal('refresh-1');
    expect(double.requests.filter((r) => r.path === '/v2/bills/validate').map((r) => r.authorization)).to.deep.equal(['Bearer access-1', 'Bearer access-2']);
  });

  it('given Factus stops accepting the token (401) although it has not expired, then one new token and the same request once more, without a second document', async () => {
    const factus = factusAgainst(double, clock);
    await factus.submit(invoice());
    double.revokeTokens();
    const document = invoice();
    expect(await factus.submit(document)).to.include({ kind: 'validated' });
    expect(double.routes()).to.deep.equal(['POST /oauth/token', 'POST /v2/bills/validate', 'POST /v2/bills/validate', 'POST /oauth/token', 'POST /v2/bills/validate']);
    expect(double.handlers.creations.get(document.id)).to.equal(1);
  });

  it('given a refresh token Factus no longer knows, then the password grant is used again', async () => {
    double.tokenLifetimeSeconds = 600;
    const factus = factusAgainst(double, clock);
    await factus.submit(invoice());
    double.script('POST /oauth/token', { status: 401, body: { error: 'invalid_grant' } });
    clock.advance(599_000);
    expect(await factus.submit(invoice())).to.include({ kind: 'validated' });
    expect(tokenGrants()).to.deep.equal(['password', 'refresh_token', 'password']);
  });

  it('given wrong credentials, then unavailable naming the settings, and no document is sent', async () => {
    const factus = createFactusProvider(
      { url: double.url, ...DOUBLE_CREDENTIALS, password: 'wrong', timeoutMs: 2_000, requestsPerMinute: 80 },
      { clock, coordination: new SqliteCoordinationStore(':memory:') },
    );
    const error = await factus.submit(invoice()).then(() => null, (caught: Error) => caught);
    expect(error).to.be.instanceOf(ProviderUnavailableError);
    expect(error?.message).to.contain('refused the credentials').and.contain('FACTUS_');
    expect(double.routes()).to.deep.equal(['POST /oauth/token']);
  });
});
