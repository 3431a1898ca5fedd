import { numberingPrefix } from './numbering-schemas.ts';
import { invoiceItemProperties } from './sales-invoice-schemas.ts';

const code = (description: string, example: string, maxLength = 10) => ({ type: 'string', minLength: 1, maxLength, description, example });
const text = (maxLength: number, example: string) => ({ type: 'string', maxLength, example });
const invoiceNumber = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  description: 'Tax-authority number (prefix and consecutive) of the validated sales invoice this note corrects. ' +
    'When omitted the note names no invoice, and billing_period and customer are required. Required for an annulment ' +
    '(credit-note concept 2). A note that names its invoice may omit customer: the invoice\'s customer is used.',
  example: 'SETP990000001',
};

/** Shared by both notes: only the concept catalog differs. */
const noteBody = (conceptDescription: string, conceptExample: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['concept', 'items'],
  // customer is required unless bill_number names the invoice, whose customer the note then takes.
  if: { not: { required: ['bill_number'] } },
  then: { required: ['customer'] },
  properties: {
    concept: code(conceptDescription, conceptExample, 2),
    bill_number: invoiceNumber,
    billing_period: { $ref: '#/components/schemas/BillingPeriod' },
    customer: {
      $ref: '#/components/schemas/Customer',
      description: 'The customer the note is addressed to. Required when bill_number is omitted; when the note names its ' +
        'invoice and omits it, the invoice\'s customer is used and shown on the note\'s record, XML and CUDE.',
    },
    items: { type: 'array', minItems: 1, maxItems: 500, items: { $ref: '#/components/schemas/NoteItem' } },
    payment_details: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      description: 'Optional on a note; when sent, the amounts add up to the payable amount.',
      items: { $ref: '#/components/schemas/PaymentDetail' },
    },
    observation: text(250, 'Devolución parcial'),
    prefix: numberingPrefix,
  },
});

export const noteSchemas = {
  NoteItem: {
    type: 'object',
    additionalProperties: false,
    required: ['code_reference', 'name', 'quantity', 'price'],
    description: 'A line of a credit or debit note: a sales invoice\'s, without withholdings.',
    properties: {
      ...invoiceItemProperties,
      withholding_taxes: {
        description: 'Not admitted: DIAN\'s credit and debit notes have no WithholdingTaxTotal. Accepted by the schema only ' +
          'so that the answer explains why.',
      },
    },
  },
  BillingPeriod: {
    type: 'object',
    additionalProperties: false,
    required: ['start_date', 'end_date'],
    description: 'Period the note corrects; required when bill_number is omitted. start_date must not be after end_date.',
    properties: {
      start_date: { type: 'string', format: 'date', example: '2026-01-01' },
      end_date: { type: 'string', format: 'date', example: '2026-01-31' },
    },
  },
  CreditNoteBody: noteBody(
    'Credit-note concept: 1 partial return, 2 annulment (voids the invoice), 3 rebate or discount, 4 price adjustment, ' +
      '5 prompt-payment discount, 6 volume discount.',
    '1',
  ),
  DebitNoteBody: noteBody('Debit-note concept: 1 interest, 2 expenses receivable, 3 change of value, 4 other.', '1'),
} as const;
