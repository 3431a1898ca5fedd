import { expect } from 'chai';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { noteSchemas } from '../../../api/openapi/note-schemas.ts';
import { salesInvoiceSchemas } from '../../../api/openapi/sales-invoice-schemas.ts';
import { supportDocumentSchemas } from '../../../api/openapi/support-document-schemas.ts';
import { validAdjustmentNoteBody } from '../../domain/adjustment-note/valid-adjustment-note-body.ts';
import { validSupportDocumentBody } from '../../domain/support-document/valid-support-document-body.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from '../../domain/notes/valid-note-body.ts';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** The HTTP-layer schemas of the notes and support documents, compiled as the API's SchemaValidator compiles them. */
function errorsOf(schema: string, value: unknown): string[] {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  ajv.addSchema({ $id: 'openapi', components: { schemas: { ...salesInvoiceSchemas, ...noteSchemas, ...supportDocumentSchemas } } });
  const validate = ajv.getSchema(`openapi#/components/schemas/${schema}`)!;
  validate(value);
  return (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
}

describe('note and support document schemas (HTTP layer)', () => {
  it('given the valid bodies of the domain specs, then every schema accepts them', () => {
    expect(errorsOf('CreditNoteBody', validNoteBody())).to.deep.equal([]);
    expect(errorsOf('DebitNoteBody', validNoteBodyWithoutInvoice())).to.deep.equal([]);
    expect(errorsOf('SupportDocumentBody', validSupportDocumentBody())).to.deep.equal([]);
    expect(errorsOf('AdjustmentNoteBody', validAdjustmentNoteBody())).to.deep.equal([]);
  });

  it('given provider responsibilities, tribute code and document type 13, then the schema lets them through for the domain to explain', () => {
    const body = validSupportDocumentBody();
    body.provider = { ...body.provider!, identification_document_code: '13', responsibilities: ['R-99-PN'], tribute_code: 'ZZ' };
    expect(errorsOf('SupportDocumentBody', body)).to.deep.equal([]);
  });

  it('given a note naming its invoice without customer, or an adjustment note without provider, then the schema accepts them', () => {
    const { customer: _customer, ...note } = validNoteBody();
    const { customer: _periodCustomer, ...periodNote } = validNoteBodyWithoutInvoice();
    const { provider: _provider, ...adjustment } = validAdjustmentNoteBody();
    expect(errorsOf('CreditNoteBody', note)).to.deep.equal([]);
    expect(errorsOf('DebitNoteBody', note)).to.deep.equal([]);
    expect(errorsOf('AdjustmentNoteBody', adjustment)).to.deep.equal([]);
    expect(errorsOf('DebitNoteBody', periodNote)).to.include(" must have required property 'customer'");
  });

  it('given unknown properties anywhere, then they are refused', () => {
    const note = { ...validNoteBody(), extra: 1, billing_period: { start_date: '2026-01-01', end_date: '2026-01-31', start_time: 'x' } };
    expect(errorsOf('CreditNoteBody', note)).to.deep.equal([
      ' must NOT have additional properties',
      '/billing_period must NOT have additional properties',
    ]);
    const document = validSupportDocumentBody();
    document.items![0] = { ...document.items![0], withholding_taxes: [{ code: '06', rate: '3.50', base: '1' } as never] };
    expect(errorsOf('SupportDocumentBody', document)).to.deep.equal(['/items/0/withholding_taxes/0 must NOT have additional properties']);
  });

  it('given the required fields of each body missing, then the schema names them', () => {
    // customer is required only while bill_number is omitted (an if/then, whose own error the API drops), and an
    // adjustment note always names its support document, so provider may be omitted (issue 14 item 5).
    expect(errorsOf('CreditNoteBody', {})).to.deep.equal([
      " must have required property 'customer'",
      ' must match "then" schema',
      " must have required property 'concept'",
      " must have required property 'items'",
    ]);
    expect(errorsOf('AdjustmentNoteBody', {})).to.deep.equal([
      " must have required property 'support_document_number'",
      " must have required property 'concept'",
      " must have required property 'items'",
    ]);
    expect(errorsOf('SupportDocumentBody', { provider: {} })).to.include.members([
      "/provider must have required property 'names'",
      "/provider must have required property 'address'",
    ]);
  });
});
