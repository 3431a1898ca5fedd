import { expect } from 'chai';
import { syncNumberingRanges } from '../../../../infrastructure/dian/numbering/sync-numbering-ranges.ts';
import { DianRefusalError, DianSetupError } from '../../../../infrastructure/dian/dian-setup-error.ts';
import type { DianNumberRange, NumberRangeResponseList } from '../../../../infrastructure/dian/web-services/dian-web-services.ts';
import { openDianCompany, type DianCompany } from '../../../support/dian/dian-company.ts';
import { makeTestPki, type TestPki } from '../../../support/signing/test-pki.ts';

const LIVE_URL = 'https://vpfe.dian.gov.co/WcfDianCustomerServices.svc';

const range = (fields: Partial<DianNumberRange> = {}): DianNumberRange => ({
  resolutionNumber: '18764000001',
  resolutionDate: '2026-01-15',
  prefix: 'FE',
  fromNumber: '1',
  toNumber: '5000',
  validDateFrom: '2026-01-15',
  validDateTo: '2027-01-15',
  technicalKey: 'a1b2c3d4e5',
  ...fields,
});

const ok = (...ranges: DianNumberRange[]): NumberRangeResponseList => ({ operationCode: '100', operationDescription: 'Acción completada OK.', ranges });

describe('resolutions sync (GetNumberingRange → the resolution catalog)', function () {
  this.timeout(30_000);
  let company: DianCompany;
  let pki: TestPki;
  before(() => {
    pki = makeTestPki();
  });
  after(() => pki.remove());
  beforeEach(async () => {
    company = await openDianCompany();
  });
  afterEach(() => company.close());

  const liveCompany = async () => {
    await company.setSoftware('live');
    await company.importCertificate('live', pki);
  };

  const sync = (family: 'sales-invoice' | 'support-document' = 'sales-invoice') =>
    syncNumberingRanges(company.parts, { tenantId: company.tenantId, environment: 'live', family, endpoint: LIVE_URL, at: company.clock.now() });

  it('given two authorized ranges, then each is registered with its prefix, numbers, resolution, validity and technical key; the call names the NIT twice and the software', async () => {
    await liveCompany();
    company.web.on('getNumberingRange', async () => ok(range(), range({ prefix: 'FEB', fromNumber: '100', toNumber: '199', resolutionNumber: '18764000002', technicalKey: 'ffee' })));
    const synced = await sync();
    expect(synced.map((s) => s.status)).to.deep.equal(['added', 'added']);
    const [call] = company.web.callsOf('getNumberingRange');
    expect(call.call.endpoint).to.equal(LIVE_URL);
    expect(call.call.credentials.privateKeyPem).to.contain('PRIVATE KEY');
    expect(call.args[0]).to.deep.equal({ accountCode: '900825759', accountCodeT: '900825759', softwareCode: 'soft-live' });
    const registered = await company.container.numbering.catalog.of(company.tenantId, 'live');
    expect(registered.map(({ environment, family, prefix, from, to, number, validFrom, validTo, technicalKey }) => ({ environment, family, prefix, from, to, number, validFrom, validTo, technicalKey }))).to.deep.equal([
      { environment: 'live', family: 'sales-invoice', prefix: 'FE', from: 1, to: 5000, number: '18764000001', validFrom: '2026-01-15', validTo: '2027-01-15', technicalKey: 'a1b2c3d4e5' },
      { environment: 'live', family: 'sales-invoice', prefix: 'FEB', from: 100, to: 199, number: '18764000002', validFrom: '2026-01-15', validTo: '2027-01-15', technicalKey: 'ffee' },
    ]);
  });

  it('given a sync already made, when run again, then nothing new is registered and every range is reported present', async () => {
    await liveCompany();
    company.web.on('getNumberingRange', async () => ok(range()));
    const first = await sync();
    const second = await sync();
    expect(second.map((s) => s.status)).to.deep.equal(['present']);
    expect(second[0].resolution?.id).to.equal(first[0].resolution?.id);
    expect(await company.container.numbering.catalog.of(company.tenantId, 'live')).to.have.length(1);
  });

  it('given the range registered by hand (same prefix and resolution number), then it is recognized, not registered twice', async () => {
    await liveCompany();
    const byHand = await company.container.numbering.catalog.register(company.tenantId, {
      environment: 'live', family: 'sales-invoice', prefix: 'FE', from: 1, to: 5000, number: '18764000001', validFrom: '2026-01-15', validTo: '2027-01-15', technicalKey: 'a1b2c3d4e5',
    });
    company.web.on('getNumberingRange', async () => ok(range({ validDateFrom: '2026-01-15T00:00:00' })));
    const synced = await sync();
    expect(synced.map((s) => [s.status, s.resolution?.id])).to.deep.equal([['present', byHand.id]]);
  });

  it('given --family support-document, then the ranges are registered for that family', async () => {
    await liveCompany();
    company.web.on('getNumberingRange', async () => ok(range({ prefix: 'DS' })));
    await sync('support-document');
    expect((await company.container.numbering.catalog.of(company.tenantId, 'live')).map((r) => r.family)).to.deep.equal(['support-document']);
  });

  it('given a range the catalog refuses (it overlaps another prefix FE range), then it is reported refused with the reason and the others are registered', async () => {
    await liveCompany();
    await company.container.numbering.catalog.register(company.tenantId, {
      environment: 'live', family: 'sales-invoice', prefix: 'FE', from: 1, to: 10, number: '18760000099', validFrom: '2026-01-15', validTo: '2027-01-15', technicalKey: 'k',
    });
    company.web.on('getNumberingRange', async () => ok(range(), range({ prefix: 'FEC', resolutionNumber: '18764000003' })));
    const synced = await sync();
    expect(synced.map((s) => s.status)).to.deep.equal(['refused', 'added']);
    expect(synced[0].problem).to.match(/overlap/);
  });

  it("given DIAN's OperationCode 302, then a DianRefusalError names the code and DIAN's description, and nothing is registered", async () => {
    await liveCompany();
    company.web.on('getNumberingRange', async () => ({ operationCode: '302', operationDescription: 'No se encontraron prefijos para el softwareCode.', ranges: [] }));
    const error = await sync().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DianRefusalError);
    expect((error as Error).message).to.equal('DIAN refused GetNumberingRange: code 302 "No se encontraron prefijos para el softwareCode."');
    expect(await company.container.numbering.catalog.of(company.tenantId, 'live')).to.deep.equal([]);
  });

  it('given no software for live, then a DianSetupError names `software set` and DIAN is not called', async () => {
    const error = await sync().catch((e: unknown) => e);
    expect(error).to.be.instanceOf(DianSetupError);
    expect((error as Error).message).to.contain('software set --tenant');
    expect(company.web.calls).to.deep.equal([]);
  });

  it('given software but no live certificate, then a DianSetupError names `certificates import`', async () => {
    await company.setSoftware('live');
    const error = await sync().catch((e: unknown) => e);
    expect((error as Error).message).to.contain('certificates import --tenant');
  });
});
