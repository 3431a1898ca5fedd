import { PATHS, adjustmentNoteBody, issueValidated, noteBody, periodNoteBody, supportDocumentBody } from '../../../support/family-test-helpers.ts';
import { ADJUSTMENTS, PAYROLLS, issueValidated as issueValidatedPayroll } from '../payroll/payroll-test-helpers.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import type { TestApp } from '../../../support/test-app.ts';

export type IssuedFamily = keyof typeof BASES;

export const BASES = { ...PATHS, payroll: PAYROLLS, 'payroll-adjustment': ADJUSTMENTS } as const;

/** The seed's availability table (seed 000), payroll adjustment notes following payrolls. */
export const FORMATS: Readonly<Record<IssuedFamily, readonly string[]>> = {
  'sales-invoice': ['pdf', 'xml', 'attached-xml', 'zip'],
  'credit-note': ['pdf', 'xml', 'attached-xml', 'zip'],
  'debit-note': ['pdf', 'xml', 'attached-xml', 'zip'],
  'support-document': ['pdf', 'xml'],
  'adjustment-note': ['pdf', 'xml'],
  payroll: ['xml'],
  'payroll-adjustment': ['xml'],
};

export const FAMILIES = Object.keys(BASES) as IssuedFamily[];

/**
 * One validated document of every family, issued over HTTP: a credit note naming the invoice, a debit note naming a
 * billing period, a support document with a withholding, its adjustment note, a payroll and the note deleting it.
 * The invoice's customer is the sandbox's "validated with a warning" value, so DIAN's answer carries a notification.
 */
export async function issueOneOfEach(app: TestApp, key: string): Promise<Record<IssuedFamily, Record<string, any>>> {
  const invoice = await issueValidated(app, 'sales-invoice', key, sampleInvoice({ identification: '2222222221', observation: 'Pedido 2026-0001' }));
  const creditNote = await issueValidated(app, 'credit-note', key, noteBody({
    bill_number: invoice.number,
    payment_details: [{ payment_form: '2', payment_method_code: '47', amount: '83300.00', due_date: '2026-12-31' }],
  }));
  const debitNote = await issueValidated(app, 'debit-note', key, periodNoteBody({ concept: '2' }));
  const supportDocument = await issueValidated(app, 'support-document', key, supportDocumentBody());
  const adjustmentNote = await issueValidated(app, 'adjustment-note', key, adjustmentNoteBody(supportDocument.number));
  const payroll = await issueValidatedPayroll(app, PAYROLLS, key, validPayrollBody());
  const payrollAdjustment = await issueValidatedPayroll(app, ADJUSTMENTS, key, { payroll_number: payroll.number, observation: 'Enviada por error' });
  return {
    'sales-invoice': invoice,
    'credit-note': creditNote,
    'debit-note': debitNote,
    'support-document': supportDocument,
    'adjustment-note': adjustmentNote,
    payroll,
    'payroll-adjustment': payrollAdjustment,
  };
}
