import { expect } from 'chai';
import { http } from '../../../support/http.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { download } from './artifact-http.ts';
import { BASES, FAMILIES, FORMATS, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

describe('/openapi.json documents GET {base}/{id}/{format} for every family', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let openapi: Record<string, any>;
  let issued: Record<IssuedFamily, Record<string, any>>;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    openapi = (await http(app.baseUrl, 'GET', '/openapi.json')).body;
    issued = await issueOneOfEach(app, tenant.key);
  });
  after(() => app.close());

  for (const family of FAMILIES) {
    it(`${family}: the format enum is the family’s formats; every status answered is declared with its media type`, async () => {
      const operation = openapi.paths[`${BASES[family]}/{id}/{format}`]?.get;
      expect(operation, `${family} has no artifact path`).to.be.an('object');
      const format = operation.parameters.find((parameter: { name: string }) => parameter.name === 'format');
      expect(format.schema.enum).to.deep.equal(FORMATS[family]);

      const answers = [
        ...(await Promise.all(FORMATS[family].map((name) => download(app, BASES[family], issued[family].id, name, tenant.key)))),
        await download(app, BASES[family], 'nope', FORMATS[family][0], tenant.key),
        await download(app, BASES[family], issued[family].id, FORMATS[family][0]),
      ];

      expect(answers.map((answer) => answer.status)).to.deep.equal([...FORMATS[family].map(() => 200), 422, 401]);
      for (const answer of answers) {
        const declared = operation.responses[String(answer.status)];
        expect(declared, `${answer.status} not declared`).to.be.an('object');
        const mediaTypes = Object.keys(declared.content ?? {});
        expect(mediaTypes.some((type) => answer.headers.get('content-type')!.startsWith(type)), `${answer.headers.get('content-type')} not in ${mediaTypes}`).to.equal(true);
      }
      expect(Object.keys(operation.responses)).to.include.members(['200', '401', '403', '404', '409', '422', '503']);
    });
  }

  it('the zip answer documents X-Email-Subject; families without zip do not', () => {
    const header = (family: IssuedFamily) => openapi.paths[`${BASES[family]}/{id}/{format}`].get.responses['200'].headers;

    expect(header('sales-invoice')).to.have.property('X-Email-Subject');
    expect(header('support-document')).to.not.have.property('X-Email-Subject');
  });

  it('/errors lists representation_unavailable and document_not_numbered', async () => {
    const page = (await http(app.baseUrl, 'GET', '/errors')).text;

    expect(page).to.contain('id="representation_unavailable"');
    expect(page).to.contain('id="document_not_numbered"');
  });
});
