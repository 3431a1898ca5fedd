import { expect } from 'chai';
import { v5 as uuidv5 } from 'uuid';
import { issuedDocumentId } from '../../../application/documents/document-id.ts';

/** Ids of documents already issued were made with uuid's v5 in this namespace: a replay must find the same stream. */
const NAMESPACE = '6f1d3c2e-8a4b-5c6d-9e0f-1a2b3c4d5e6f';

describe('issuedDocumentId', () => {
  it('is the UUID v5 of tenant|environment|family|key, as uuid computes it', () => {
    const cases: Array<[string, string, string, string]> = [
      ['b50a20a9-c9e8-4316-ae50-a4b9c4045f55', 'test', 'sales-invoice', 'abcdefgh-1'],
      ['t1', 'live', 'credit-note', 'clave-ñandú-😀-"quoted"'],
      ['', '', '', ''],
    ];
    for (const [tenant, environment, family, key] of cases) {
      expect(issuedDocumentId(tenant, environment, family, key)).to.equal(uuidv5(`${tenant}|${environment}|${family}|${key}`, NAMESPACE));
    }
  });

  it('matches an id recorded before (version 5, RFC variant)', () => {
    const id = issuedDocumentId('b50a20a9-c9e8-4316-ae50-a4b9c4045f55', 'test', 'sales-invoice', 'abcdefgh-1');
    expect(id).to.equal('20bf2848-fb91-573e-84c6-2c8a8d54739e');
  });
});
