import { expect } from 'chai';
import { PROVIDER_IDENTIFICATION_TYPES } from '../../../domain/catalogs/provider-identification-types.ts';
import { SUPPORT_DOCUMENT_ITEM_TAXES } from '../../../domain/catalogs/support-document-taxes.ts';
import { WITHHOLDING_TAXES } from '../../../domain/catalogs/withholding-taxes.ts';

describe('support document catalogs', () => {
  it('provider identification types are 21, 22, 31, 41, 42, 47, 50, named as in the customer catalog', () => {
    expect([...PROVIDER_IDENTIFICATION_TYPES.keys()]).to.deep.equal(['21', '22', '31', '41', '42', '47', '50']);
    expect(PROVIDER_IDENTIFICATION_TYPES.get('31')).to.equal('NIT');
    expect(PROVIDER_IDENTIFICATION_TYPES.has('13')).to.equal(false);
  });

  it('only 01 IVA is a line tax; withholdings are 05 ReteIVA and 06 ReteRenta', () => {
    expect([...SUPPORT_DOCUMENT_ITEM_TAXES.keys()]).to.deep.equal(['01']);
    expect([...WITHHOLDING_TAXES.keys()]).to.deep.equal(['05', '06']);
  });
});
