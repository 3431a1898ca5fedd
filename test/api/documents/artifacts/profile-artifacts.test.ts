import { expect } from 'chai';
import { startTestApp, type TestApp, type TestTenant } from '../../../support/test-app.ts';
import { schemaFor, xmllint } from '../../../support/artifacts/xml-schema.ts';
import { findAll, parseXml } from '../../../support/artifacts/xml-tree.ts';
import { COMPLETE_PROFILE, operatorKey, patchProfile } from '../../../support/company-profile-fixtures.ts';
import { pngLogo } from '../../../support/logo-images.ts';
import { download } from './artifact-http.ts';
import { BASES, FAMILIES, FORMATS, issueOneOfEach, type IssuedFamily } from './issued-documents.ts';

/** The document XML and, for an AttachedDocument, the two it embeds. */
function xmlDocuments(xml: string): string[] {
  const tree = parseXml(xml);
  if (tree.name !== 'AttachedDocument') return [xml];
  const embedded = [...findAll(tree, 'Attachment/ExternalReference/Description'), ...findAll(tree, 'ParentDocumentLineReference/DocumentReference/Attachment/ExternalReference/Description')];
  return [xml, ...embedded.map((element) => element.text)];
}

const CASES = [
  { title: 'a complete company profile with a logo', profile: { ...COMPLETE_PROFILE, logo: pngLogo().toString('base64') }, expected: COMPLETE_PROFILE.address },
  { title: 'no profile at all (test documents fall back to demo data)', profile: null, expected: 'DATO DE DEMOSTRACIÓN' },
];

for (const { title, profile, expected } of CASES) {
  describe(`every family’s XML with ${title} validates against DIAN’s XSDs`, function () {
    this.timeout(60_000);
    let app: TestApp;
    let tenant: TestTenant;
    let issued: Record<IssuedFamily, Record<string, any>>;

    before(async () => {
      app = await startTestApp();
      tenant = await app.createTenant({ profile: false });
      if (profile) {
        const answer = await patchProfile(app, await operatorKey(app), tenant.tenantId, profile);
        expect(answer.status, answer.text).to.equal(200);
      }
      issued = await issueOneOfEach(app, tenant.key);
    });
    after(() => app.close());

    for (const family of FAMILIES) {
      for (const format of FORMATS[family].filter((name) => name.endsWith('xml'))) {
        it(`${family} ${format}`, async () => {
          const answer = await download(app, BASES[family], issued[family].id, format, tenant.key);
          expect(answer.status).to.equal(200);
          const text = answer.bytes.toString('utf8');
          expect(text).to.contain(expected);
          for (const xml of xmlDocuments(text)) {
            const result = xmllint(xml, schemaFor(xml));
            expect(result.status, result.output).to.equal(0);
          }
        });
      }
    }
  });
}
