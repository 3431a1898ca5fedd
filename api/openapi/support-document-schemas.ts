import { numberingPrefix } from './numbering-schemas.ts';
import { salesInvoiceSchemas } from './sales-invoice-schemas.ts';

const code = (description: string, example: string, maxLength = 10) => ({ type: 'string', minLength: 1, maxLength, description, example });
const text = (maxLength: number, example: string) => ({ type: 'string', maxLength, example });
const requiredText = (maxLength: number, example: string) => ({ type: 'string', maxLength, example });

const items = {
  type: 'array',
  minItems: 1,
  maxItems: 500,
  items: { $ref: '#/components/schemas/SupportDocumentItem' },
};
const paymentDetails = { type: 'array', minItems: 1, maxItems: 20, items: { $ref: '#/components/schemas/PaymentDetail' } };

export const supportDocumentSchemas = {
  Provider: {
    type: 'object',
    additionalProperties: false,
    required: ['identification_document_code', 'identification', 'names', 'address'],
    description: 'The seller, not obliged to invoice. It carries no fiscal responsibilities and no tribute code.',
    properties: {
      identification_document_code: code(
        'Provider document type: 21, 22, 31 NIT, 41, 42, 47, 50. 13 (cédula de ciudadanía), 11, 12 and 91 are refused.', '31', 4),
      identification: { type: 'string', minLength: 1, maxLength: 20, example: '2343543' },
      dv: { type: 'string', pattern: '^[0-9]$', description: 'NIT check digit; verified when the code is 31.', example: '7' },
      names: requiredText(450, 'Pepito Perez'),
      address: requiredText(450, 'calle 4'),
      trade_name: text(450, 'Pepito trade name'),
      legal_organization: code('Optional: 1 legal person, 2 natural person.', '2', 1),
      country_code: code('ISO 3166-1 alpha-2; default CO.', 'CO', 2),
      municipality_code: code('DIVIPOLA municipality code (5 digits), checked for Colombia.', '68679', 5),
      email: { type: 'string', format: 'email', maxLength: 254, example: 'pepito@email.com' },
      phone: text(50, '1234567890'),
      responsibilities: {
        description: 'Not admitted: a provider carries no fiscal responsibilities. Accepted by the schema only so that the answer explains why.',
      },
      tribute_code: {
        description: 'Not admitted: a provider carries no tribute code. Accepted by the schema only so that the answer explains why.',
      },
    },
  },
  SupportDocumentItem: {
    type: 'object',
    additionalProperties: false,
    required: salesInvoiceSchemas.InvoiceItem.required,
    description: 'A sales-invoice line whose only admitted tax is 01 IVA; its withholdings are applied to the provider.',
    properties: salesInvoiceSchemas.InvoiceItem.properties,
  },
  SupportDocumentBody: {
    type: 'object',
    additionalProperties: false,
    required: ['provider', 'items', 'payment_details'],
    properties: {
      provider: { $ref: '#/components/schemas/Provider' },
      items,
      payment_details: { ...paymentDetails, description: 'The amounts add up to the payable amount; withholdings do not reduce it.' },
      observation: text(250, 'Compra a proveedor no obligado'),
      prefix: numberingPrefix,
    },
  },
  AdjustmentNoteBody: {
    type: 'object',
    additionalProperties: false,
    required: ['support_document_number', 'concept', 'items'],
    // A customer sent in place of the provider: the answer names the party an adjustment note takes.
    dependentSchemas: { customer: { required: ['provider'] } },
    properties: {
      support_document_number: {
        type: 'string',
        minLength: 1,
        maxLength: 40,
        description: 'Tax-authority number of the validated support document this note adjusts.',
        example: 'SEDS984000129',
      },
      concept: code(
        'Adjustment-note concept: 1 partial return, 2 annulment of the support document, 3 rebate or discount, 4 price adjustment, 5 other.',
        '1', 2),
      provider: {
        $ref: '#/components/schemas/Provider',
        description: 'The provider of the adjusted support document. May be omitted: the support document\'s provider is ' +
          'used and shown on the note\'s record, XML and CUDS.',
      },
      items,
      payment_details: { ...paymentDetails, description: 'Optional; when sent, the amounts add up to the payable amount.' },
      observation: text(250, 'Ajuste de precio'),
      prefix: numberingPrefix,
    },
  },
} as const;
