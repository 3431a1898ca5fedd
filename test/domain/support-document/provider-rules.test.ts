import { expect } from 'chai';
import { checkProvider } from '../../../domain/support-document/provider-rules.ts';
import type { SupportDocumentProvider } from '../../../domain/support-document/support-document-body.ts';
import { validProvider } from './valid-support-document-body.ts';

const issuesOf = (changes: Partial<SupportDocumentProvider>) => checkProvider({ ...validProvider(), ...changes });
const ALLOWED =
  '21 (Tarjeta de extranjería), 22 (Cédula de extranjería), 31 (NIT), 41 (Pasaporte), ' +
  '42 (Documento de identificación extranjero), 47 (PEP (Permiso Especial de Permanencia)), 50 (NIT de otro país)';
const refused = (code: string, name: string) => ({
  field: 'provider.identification_document_code',
  message: `"${code}" (${name}) is not admitted for the provider (the seller) of a support document; DIAN lists only these document types for it: ${ALLOWED}`,
});

describe('provider rules (support document, adjustment note)', () => {
  it('given the provider of the Factus example, then there is no issue', () => {
    expect(issuesOf({})).to.deep.equal([]);
  });

  it('given no provider, then it is required', () => {
    expect(checkProvider(undefined)).to.deep.equal([{ field: 'provider', message: 'is required' }]);
  });

  it('given each document type of the provider catalog, then it is admitted', () => {
    for (const code of ['21', '22', '41', '42', '47', '50']) {
      expect(issuesOf({ identification_document_code: code, identification: 'AB1234', dv: undefined })).to.deep.equal([]);
    }
  });

  it('given a cédula de ciudadanía (13), then it is refused, saying DIAN lists only the provider types', () => {
    expect(issuesOf({ identification_document_code: '13', identification: '1234567890', dv: undefined })).to.deep.equal([
      refused('13', 'Cédula de ciudadanía'),
    ]);
  });

  it('given 11, 12 or 91, then each is refused the same way', () => {
    expect(issuesOf({ identification_document_code: '11', dv: undefined })).to.deep.equal([refused('11', 'Registro civil')]);
    expect(issuesOf({ identification_document_code: '12', dv: undefined })).to.deep.equal([refused('12', 'Tarjeta de identidad')]);
    expect(issuesOf({ identification_document_code: '91', dv: undefined })).to.deep.equal([refused('91', 'NUIP *')]);
  });

  it('given an unknown document type, then the provider catalog is listed', () => {
    expect(issuesOf({ identification_document_code: '99', dv: undefined })).to.deep.equal([
      { field: 'provider.identification_document_code', message: `"99" is not a provider identification document type; allowed: ${ALLOWED}` },
    ]);
  });

  it('given a NIT with a wrong check digit, then the expected digit is stated; without a DV there is no issue', () => {
    expect(issuesOf({ dv: '3' })).to.deep.equal([{ field: 'provider.dv', message: 'is "3"; the check digit of NIT 2343543 is 7' }]);
    expect(issuesOf({ dv: undefined })).to.deep.equal([]);
  });

  it('given a NIT with punctuation or no identification, then the identification field is named', () => {
    expect(issuesOf({ identification: '2.343.543' })).to.deep.equal([
      {
        field: 'provider.identification',
        message: 'must contain only digits (no dots, spaces, dashes or check digit) for document type 31; got "2.343.543"',
      },
    ]);
    expect(issuesOf({ identification: '' })).to.deep.equal([{ field: 'provider.identification', message: 'is required' }]);
  });

  it('given no names or a blank address, then both are required on a support document', () => {
    expect(issuesOf({ names: undefined, address: '  ' })).to.deep.equal([
      { field: 'provider.names', message: "is required on a support document: the provider's full name or business name" },
      { field: 'provider.address', message: "is required on a support document: the provider's address" },
    ]);
  });

  it('given fiscal responsibilities, even an empty list, then they are refused with the reason', () => {
    const issue = {
      field: 'provider.responsibilities',
      message: 'must not be sent: a provider of a support document is a seller not obliged to invoice and carries no fiscal responsibilities; remove the field',
    };
    expect(issuesOf({ responsibilities: ['R-99-PN'] })).to.deep.equal([issue]);
    expect(issuesOf({ responsibilities: [] })).to.deep.equal([issue]);
  });

  it('given a tribute code, then it is refused with the reason', () => {
    expect(issuesOf({ tribute_code: 'ZZ' })).to.deep.equal([
      {
        field: 'provider.tribute_code',
        message: 'must not be sent: a provider of a support document is a seller not obliged to invoice and carries no tribute code; remove the field',
      },
    ]);
  });

  it('given a legal organization, then it is optional but must be 1 or 2', () => {
    expect(issuesOf({ legal_organization: undefined })).to.deep.equal([]);
    expect(issuesOf({ legal_organization: '3' })).to.deep.equal([
      { field: 'provider.legal_organization', message: '"3" is not a legal organization type; allowed: 1 (Persona Jurídica), 2 (Persona Natural)' },
    ]);
  });

  it('given a Colombian provider, then the municipality must be a DIVIPOLA code; abroad it is not checked', () => {
    expect(issuesOf({ municipality_code: '99999' })[0].field).to.equal('provider.municipality_code');
    expect(issuesOf({ municipality_code: '99999', country_code: undefined })[0].message)
      .to.match(/^"99999" is not a Colombian municipality code \(5-digit DIVIPOLA\); allowed: one of the 1122 codes/);
    expect(issuesOf({ identification_document_code: '50', identification: 'X1', dv: undefined, country_code: 'US', municipality_code: '99999' }))
      .to.deep.equal([]);
    expect(issuesOf({ country_code: 'XX' })[0].field).to.equal('provider.country_code');
  });

  it('given required fields missing, then each is reported', () => {
    expect(checkProvider({} as SupportDocumentProvider)).to.deep.equal([
      { field: 'provider.identification_document_code', message: 'is required' },
      { field: 'provider.identification', message: 'is required' },
      { field: 'provider.names', message: "is required on a support document: the provider's full name or business name" },
      { field: 'provider.address', message: "is required on a support document: the provider's address" },
    ]);
  });
});
