import { expect } from 'chai';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { xmllint } from '../../../support/artifacts/xml-schema.ts';
import { findAll, parseXml } from '../../../support/artifacts/xml-tree.ts';
import { download } from './artifact-http.ts';
import { BASES, FAMILIES, FORMATS, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

const CONTENT_TYPES: Record<string, RegExp> = {
  xml: /^application\/xml/,
  'attached-xml': /^application\/xml/,
  pdf: /^application\/pdf$/,
  zip: /^application\/zip$/,
};

const FILE_NAMES: Record<string, (number: string) => string> = {
  xml: (number) => `${number}.xml`,
  'attached-xml': (number) => `ad${number}.xml`,
  pdf: (number) => `${number}.pdf`,
  zip: (number) => `z${number}.zip`,
};

/** Every XML of a download: the file itself and, for an AttachedDocument, the two documents it embeds. */
function xmlDocumentsOf(format: string, bytes: Buffer): string[] {
  const xml = bytes.toString('utf8');
  if (format !== 'attached-xml') return [xml];
  return [xml, ...findAll(parseXml(xml), 'Attachment/ExternalReference/Description').map((element) => element.text),
    ...findAll(parseXml(xml), 'ParentDocumentLineReference/DocumentReference/Attachment/ExternalReference/Description').map((element) => element.text)];
}

describe('GET {base}/{id}/{format}: every family, every format of the seed’s availability table', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<IssuedFamily, Record<string, any>>;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    issued = await issueOneOfEach(app, tenant.key);
  });
  after(() => app.close());

  for (const family of FAMILIES) {
    describe(family, () => {
      for (const format of FORMATS[family]) {
        it(`${format}: 200 with its media type, as an attachment named from the number`, async () => {
          const { number, id } = issued[family];

          const answer = await download(app, BASES[family], id, format, tenant.key);

          expect(answer.status, answer.bytes.toString('utf8').slice(0, 300)).to.equal(200);
          expect(answer.headers.get('content-type')).to.match(CONTENT_TYPES[format]);
          expect(answer.headers.get('content-disposition')).to.equal(`attachment; filename="${FILE_NAMES[format](number)}"`);
          expect(answer.bytes.length).to.be.greaterThan(500);
        });

        it(`${format}: two downloads of the same document are byte-identical`, async () => {
          const { id } = issued[family];

          const [first, second] = [await download(app, BASES[family], id, format, tenant.key), await download(app, BASES[family], id, format, tenant.key)];

          expect(first.status).to.equal(200);
          expect(Buffer.compare(first.bytes, second.bytes)).to.equal(0);
        });

        if (format === 'xml' || format === 'attached-xml') {
          it(`${format}: every XML in it validates with xmllint --schema against DIAN's XSD`, async () => {
            const answer = await download(app, BASES[family], issued[family].id, format, tenant.key);

            const documents = xmlDocumentsOf(format, answer.bytes);

            expect(documents).to.have.length(format === 'xml' ? 1 : 3);
            for (const xml of documents) {
              const result = xmllint(xml);
              expect(result.status, `${result.schema}\n${result.output}`).to.equal(0);
              expect(result.output).to.match(/validates/);
            }
          });
        }
      }
    });
  }

  it('the formats a family lacks answer 422 and list the ones it has', async () => {
    for (const family of FAMILIES) {
      for (const format of ['pdf', 'xml', 'attached-xml', 'zip'].filter((candidate) => !FORMATS[family].includes(candidate))) {
        const answer = await download(app, BASES[family], issued[family].id, format, tenant.key);
        expect(answer.status, `${family} ${format}`).to.equal(422);
        const issue = answer.problem?.errors.find((entry: { field: string }) => entry.field === 'format');
        expect(issue?.message, `${family} ${format}`).to.contain(FORMATS[family].join(', '));
      }
    }
  });
});
