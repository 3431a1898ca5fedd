import { numberingPrefix } from './numbering-schemas.ts';
const decimal = (description: string, example: string) => ({ type: 'string', format: 'decimal', maxLength: 20, description, example });
const code = (description: string, example: string, maxLength = 10) => ({ type: 'string', minLength: 1, maxLength, description, example });
const text = (maxLength: number, example: string) => ({ type: 'string', maxLength, example });

/** A line's fields as every commercial family sends them; a sales invoice's and a support document's add withholdings. */
export const invoiceItemProperties = {
  code_reference: { type: 'string', minLength: 1, maxLength: 100, example: 'PROD-000A' },
  name: { type: 'string', minLength: 1, maxLength: 500, example: 'Producto A' },
  quantity: decimal('Quantity, at most two decimals, greater than zero.', '1.00'),
  price: decimal('Unit price before taxes and discount.', '10000.00'),
  discount_rate: decimal('Discount in percent (0 to 100); default 0.00.', '0.00'),
  unit_measure_code: code('Unit of measure (UN/ECE rec. 20, DIAN list); default 94.', '94'),
  standard_code: code('Product standard: 999, 001, 010, 020; default 999.', '999', 3),
  taxes: { type: 'array', maxItems: 10, items: { $ref: '#/components/schemas/TaxLine' } },
};

export const salesInvoiceSchemas = {
  TaxLine: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'rate'],
    properties: {
      code: code('DIAN tax code: 01 IVA, 04 INC, ...', '01', 4),
      rate: decimal('Rate in percent, at most two decimals.', '19.00'),
    },
  },
  Customer: {
    type: 'object',
    additionalProperties: false,
    required: ['identification_document_code', 'identification', 'legal_organization'],
    properties: {
      identification_document_code: code('DIAN identification document type (13 cédula, 31 NIT, ...).', '31', 4),
      identification: { type: 'string', minLength: 1, maxLength: 20, example: '900123456' },
      dv: { type: 'string', pattern: '^[0-9]$', description: 'NIT check digit; verified when the code is 31.', example: '7' },
      legal_organization: code('1 legal person, 2 natural person.', '1', 1),
      company: text(450, 'Alan company name'),
      names: text(450, 'Alan Turing'),
      trade_name: text(450, 'Alan trade name'),
      address: text(450, 'calle 1 # 1-1'),
      email: { type: 'string', format: 'email', maxLength: 254, example: 'alan.company@email.com' },
      phone: text(50, '1234567890'),
      tribute_code: code('01 IVA or ZZ not applicable; default ZZ.', 'ZZ', 2),
      country_code: code('ISO 3166-1 alpha-2; default CO.', 'CO', 2),
      responsibilities: { type: 'array', maxItems: 5, items: code('Fiscal responsibility code.', 'R-99-PN', 10), example: ['R-99-PN'] },
      municipality_code: code('DIVIPOLA municipality code (5 digits).', '11001', 5),
    },
  },
  WithholdingTaxLine: {
    type: 'object',
    additionalProperties: false,
    required: ['code', 'rate'],
    properties: {
      code: code('05 ReteIVA (base: the line\'s IVA, which the line must carry), 06 ReteRenta (base: the line amount).', '06', 4),
      rate: decimal('Rate in percent (0 to 100), at most two decimals.', '3.50'),
    },
  },
  InvoiceItem: {
    type: 'object',
    additionalProperties: false,
    required: ['code_reference', 'name', 'quantity', 'price'],
    description: 'A line with its withholdings, if any: stated in the XML\'s WithholdingTaxTotal and on the PDF, never ' +
      'subtracted from the payable amount.',
    properties: {
      ...invoiceItemProperties,
      withholding_taxes: { type: 'array', maxItems: 10, items: { $ref: '#/components/schemas/WithholdingTaxLine' } },
    },
  },
  PaymentDetail: {
    type: 'object',
    additionalProperties: false,
    required: ['payment_form', 'payment_method_code', 'amount'],
    properties: {
      payment_form: code('1 cash, 2 credit.', '1', 1),
      payment_method_code: code('DIAN payment method (10 cash, 42 bank deposit, 48 credit card, ...).', '42', 3),
      reference_code: text(100, 'pago-001'),
      amount: decimal('Amount paid with this method; all amounts add up to the payable amount.', '83300.00'),
      due_date: { type: 'string', format: 'date', description: 'Extension: due date of a credit payment (YYYY-MM-DD).', example: '2026-12-31' },
    },
  },
  SalesInvoiceBody: {
    type: 'object',
    additionalProperties: false,
    required: ['customer', 'items', 'payment_details'],
    properties: {
      customer: { $ref: '#/components/schemas/Customer' },
      items: { type: 'array', minItems: 1, maxItems: 500, items: { $ref: '#/components/schemas/InvoiceItem' } },
      payment_details: { type: 'array', minItems: 1, maxItems: 20, items: { $ref: '#/components/schemas/PaymentDetail' } },
      observation: text(250, 'Observación de prueba'),
      prefix: numberingPrefix,
    },
  },
} as const;
