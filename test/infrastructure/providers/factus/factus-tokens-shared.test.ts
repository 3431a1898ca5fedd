import { expect } from 'chai';
import { salesInvoiceFamily } from '../../../../domain/documents/families/index.ts';
import { factusAccountKey } from '../../../../infrastructure/providers/factus/http/factus-account-key.ts';
import { FixedClock } from '../../../support/fixtures.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { sharedCoordinationFile } from '../../../support/shared-coordination-file.ts';
import { DOUBLE_CREDENTIALS, FactusDouble } from '../../../support/factus/double/factus-double.ts';
import { clockSleep, factusAgainst, sentDocument } from '../../../support/factus/factus-fixtures.ts';

const invoice = () => sentDocument(salesInvoiceFamily, sampleInvoice());

describe('Factus adapter: one OAuth2 token for every instance', () => {
  let clock: FixedClock;
  let double: FactusDouble;
  let file: ReturnType<typeof sharedCoordinationFile>;

  beforeEach(async () => {
    clock = new FixedClock('2026-05-06T15:00:00.000Z');
    double = new FactusDouble(() => clock.now());
    await double.start();
    file = sharedCoordinationFile();
  });

  afterEach(async () => {
    await double.close();
    await file.cleanup();
  });

  const tokenGrants = () => double.requests.filter((request) => request.path === '/oauth/token').map((request) => request.body.grant_type);
  const validations = () => double.requests.filter((request) => request.path === '/v2/bills/validate').map((request) => request.authorization);
  const tokenKey = () => factusAccountKey(double.url, DOUBLE_CREDENTIALS.username, 'token');
  const instances = () => [factusAgainst(double, clock, { coordination: file.open() }), factusAgainst(double, clock, { coordination: file.open() })];

  it('given two instances starting together, then one password grant serves both', async () => {
    const [a, b] = instances();
    await Promise.all([a.submit(invoice()), b.submit(invoice()), a.submit(invoice()), b.submit(invoice())]);
    expect(tokenGrants()).to.deep.equal(['password']);
    expect(validations()).to.deep.equal(Array(4).fill('Bearer access-1'));
  });

  it('given Factus stops accepting the token, when both instances meet the 401, then it is renewed once for both', async () => {
    const [a, b] = instances();
    await a.submit(invoice());
    double.revokeTokens();
    const outcomes = await Promise.all([a.submit(invoice()), b.submit(invoice())]);
    expect(outcomes.map((outcome) => outcome.kind)).to.deep.equal(['validated', 'validated']);
    expect(tokenGrants()).to.deep.equal(['password', 'refresh_token']);
    expect(validations()).to.deep.equal(['Bearer access-1', 'Bearer access-1', 'Bearer access-1', 'Bearer access-2', 'Bearer access-2']);
  });

  it('given the token is stored, then the record holds neither the access nor the refresh token in clear', async () => {
    const [a] = instances();
    await a.submit(invoice());
    const record = await file.open().read<{ sealed?: string; renewAt: number }>(tokenKey());
    expect(record?.value.sealed).to.be.a('string');
    expect(record?.value.renewAt).to.be.greaterThan(clock.now().getTime());
    expect(JSON.stringify(record)).not.to.contain('access-1').and.not.to.contain('refresh-1');
  });

  it('given a stored token that does not open (the credentials changed), then it counts as none: a password grant', async () => {
    const store = file.open();
    await store.write(tokenKey(), { sealed: Buffer.from('sealed under other credentials').toString('base64'), renewAt: clock.now().getTime() + 3_600_000 }, undefined);
    await factusAgainst(double, clock, { coordination: store }).submit(invoice());
    expect(tokenGrants()).to.deep.equal(['password']);
    expect(validations()).to.deep.equal(['Bearer access-1']);
  });

  it('given an instance took the refreshing marker and vanished, then another waits for it to expire and takes over', async () => {
    const store = file.open();
    const markerLeftMs = 20_000;
    await store.write(tokenKey(), { renewAt: 0, refreshingUntil: clock.now().getTime() + markerLeftMs }, undefined);
    const waited: number[] = [];
    await factusAgainst(double, clock, { coordination: store, sleep: clockSleep(clock, waited) }).submit(invoice());
    expect(tokenGrants()).to.deep.equal(['password']);
    expect(waited.reduce((sum, ms) => sum + ms, 0)).to.equal(markerLeftMs);
    expect((await store.read<{ refreshingUntil?: number }>(tokenKey()))?.value.refreshingUntil).to.equal(undefined);
  });
});
