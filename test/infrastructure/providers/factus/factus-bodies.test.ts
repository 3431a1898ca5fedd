import { expect } from 'chai';
import { adjustmentNoteFamily, creditNoteFamily, debitNoteFamily, payrollAdjustmentFamily, payrollFamily, salesInvoiceFamily, supportDocumentFamily } from '../../../../domain/documents/families/index.ts';
import { PAYROLL_CONCEPTS } from '../../../../domain/payroll/payroll-concepts.ts';
import { factusBody } from '../../../../infrastructure/providers/factus/bodies/factus-body.ts';
import { FactusMappingError } from '../../../../infrastructure/providers/factus/bodies/factus-mapping-error.ts';
import { FACTUS_CONCEPT_KEYS } from '../../../../infrastructure/providers/factus/bodies/payroll-concept-keys.ts';
import { sampleInvoice } from '../../../support/sample-invoice.ts';
import { validAdjustmentNoteBody } from '../../../domain/adjustment-note/valid-adjustment-note-body.ts';
import { validNoteBody, validNoteBodyWithoutInvoice } from '../../../domain/notes/valid-note-body.ts';
import { payrollWithEveryConcept } from '../../../domain/payroll/every-concept.ts';
import { validPayrollBody } from '../../../domain/payroll/valid-payroll-body.ts';
import { validSupportDocumentBody } from '../../../domain/support-document/valid-support-document-body.ts';
import { nextId, sentDocument } from '../../../support/factus/factus-fixtures.ts';
import { nitCheckDigit } from '../../../../domain/shared/nit-check-digit.ts';

/** The documented request example of reference §1.4 (verbatim values). */
const DOCUMENTED_INVOICE = {
  document: '01',
  operation_type: '10',
  payment_details: [{ payment_form: '1', payment_method_code: '42', reference_code: 'pago-001', amount: '83300.00' }],
  cash_rounding_amount: '0.00',
  customer: {
    identification_document_code: '31', identification: '123456789', company: 'Alan company name', trade_name: 'Alan trade name',
    address: 'calle 1 # 1-1', email: 'alan.company@email.com', phone: '1234567890', legal_organization_code: '1', tribute_code: 'ZZ',
    country_code: 'CO', responsibilities: ['R-99-PN'], municipality_code: '68679',
  },
  items: [
    { code_reference: 'PROD-000A', name: 'Producto A', quantity: '1.00', discount_rate: '0.00', price: '10000.00', unit_measure_code: '94', standard_code: '999', taxes: [{ code: '01', rate: '19.00' }] },
    { code_reference: 'PROD-000B', name: 'Producto B', quantity: '3.00', discount_rate: '0.00', price: '20000.00', unit_measure_code: '94', standard_code: '999', taxes: [{ code: '01', rate: '19.00' }] },
  ],
};

describe('Factus request bodies', () => {
  it('given the sales invoice of the documented example, then the Factus body is the documented one, with our id as reference code and no e-mail from Factus', () => {
    const document = sentDocument(salesInvoiceFamily, sampleInvoice());
    const body = factusBody(document);
    const { dv, ...customer } = body.customer as Record<string, unknown>;
    expect(dv).to.equal('6');
    expect({ ...body, customer }).to.deep.equal({ ...DOCUMENTED_INVOICE, reference_code: document.id, send_email: false });
  });

  it('given a sales invoice whose line carries withholdings, then they go on that line as Factus names them, and a line without any sends none', () => {
    const invoice = sampleInvoice();
    invoice.items[1].withholding_taxes = [{ code: '06', rate: '2.50' }, { code: '05', rate: '15.00' }];
    const [first, second] = factusBody(sentDocument(salesInvoiceFamily, invoice)).items as Array<Record<string, unknown>>;

    expect(second.withholding_taxes).to.deep.equal([{ code: '06', rate: '2.50' }, { code: '05', rate: '15.00' }]);
    expect(first).to.not.have.property('withholding_taxes');
  });

  it('given notes with and without the invoice, then operation types 20/22 (credit) and 30/32 (debit), the concept as correction concept', () => {
    const credit = factusBody(sentDocument(creditNoteFamily, validNoteBody('2') as Record<string, unknown>));
    expect(credit).to.include({ correction_concept_code: '2', customization_id: '20', bill_number: 'SETP990000001', cash_rounding_amount: '0.00' });
    const unreferenced = factusBody(sentDocument(creditNoteFamily, validNoteBodyWithoutInvoice('1') as Record<string, unknown>));
    expect(unreferenced).to.include({ customization_id: '22' }).and.not.have.property('bill_number');
    expect(unreferenced.billing_period).to.deep.equal({ start_date: '2026-01-01', end_date: '2026-01-31' });
    expect(factusBody(sentDocument(debitNoteFamily, validNoteBody('4') as Record<string, unknown>))).to.include({ customization_id: '30', correction_concept_code: '4' });
    expect(factusBody(sentDocument(debitNoteFamily, validNoteBodyWithoutInvoice('4') as Record<string, unknown>))).to.include({ customization_id: '32' });
  });

  it('given a support document and its adjustment note, then the seller as `provider` (no responsibilities) and withholdings on the lines', () => {
    const support = factusBody(sentDocument(supportDocumentFamily, validSupportDocumentBody() as Record<string, unknown>));
    expect(support.provider).to.deep.equal({
      identification_document_code: '31', identification: '2343543', dv: '7', names: 'Pepito Perez', address: 'calle 4',
      legal_organization_code: '1', country_code: 'CO', municipality_code: '68679',
    });
    expect((support.items as any[])[0]).to.deep.include({ price: '50000.00', discount_rate: '20.00', withholding_taxes: [{ code: '06', rate: '3.50' }] });
    const adjustment = factusBody(sentDocument(adjustmentNoteFamily, validAdjustmentNoteBody('4') as Record<string, unknown>));
    expect(adjustment).to.include({ support_document_number: 'SEDS984000129', correction_concept_code: '4' });
  });

  it('given the payroll of the documented example, then Factus keys (suel, tra, comi, hora, salu, pens) and days worked as a decimal string', () => {
    const document = sentDocument(payrollFamily, validPayrollBody() as unknown as Record<string, unknown>);
    const body = factusBody(document);
    expect(body.reference_code).to.equal(document.id);
    expect(body.settlement_period).to.deep.equal({ month: 5, year: 2026, payroll_period_code: '5' });
    expect(body.worker).to.include({ identification_number: '1234567890', days_worked: '30.00', worker_subtype: '00' });
    expect(body.accruals).to.deep.equal({
      suel: { amount: '2800000.00' },
      tra: [{ amount: '249095.00', accrual_type_code: '1' }],
      comi: [{ amount: '300000.00' }],
      hora: [{ quantity: 5, percentage: '25.00', amount: '79545.45', start_date: '2026-05-06T18:00:00', end_date: '2026-05-06T23:00:00', accrual_type_code: '1' }],
    });
    expect(body.deductions).to.deep.equal({ salu: { percentage: '4', amount: '127181.82' }, pens: { percentage: '4.00', amount: '127181.82' } });
  });

  it('given every concept of the catalog, then each business name has a Factus key and none reaches Factus', () => {
    for (const concept of PAYROLL_CONCEPTS) expect(FACTUS_CONCEPT_KEYS[concept.kind][concept.name], concept.name).to.match(/^[a-z]{3,4}$/);
    const payroll = payrollWithEveryConcept();
    delete (payroll.accruals.bonuses as Record<string, unknown>).non_salary_amount;
    const fund = payroll.deductions.pension_solidarity_fund as Record<string, unknown>;
    delete fund.subsistence_percentage;
    delete fund.subsistence_amount;
    const body = factusBody(sentDocument(payrollFamily, payroll as unknown as Record<string, unknown>));
    const accruals = body.accruals as Record<string, any>;
    expect(Object.keys(accruals).sort()).to.deep.equal([...new Set(Object.values(FACTUS_CONCEPT_KEYS.accrual))].sort());
    expect(Object.keys(body.deductions as object).sort()).to.deep.equal([...new Set(Object.values(FACTUS_CONCEPT_KEYS.deduction))].sort());
    expect(accruals.vaca.map((entry: any) => entry.accrual_type_code)).to.deep.equal(['1', '2']);
    expect(accruals.cesa).to.deep.equal([
      { amount: '1000.00', accrual_type_code: '1' },
      { amount: '1000.00', percentage: '4.00', accrual_type_code: '2' },
    ]);
    expect(accruals.lice.map((entry: any) => entry.accrual_type_code)).to.deep.equal(['1', '2', '3']);
    expect(accruals.prim).to.deep.equal({ quantity: 2, amount: '1000.00', accrual_type_code: '1' });
    expect(JSON.stringify(body)).to.not.match(/basic_salary|overtime_and_surcharges|"type_code"/);
  });

  it('given a prima with salary and non-salary parts, then a FactusMappingError names the concept (Factus takes one kind)', () => {
    const payroll = validPayrollBody();
    payroll.accruals.bonuses = { quantity: 30, amount: '100.00', non_salary_amount: '50.00' };
    const error = (() => {
      try {
        factusBody(sentDocument(payrollFamily, payroll as unknown as Record<string, unknown>));
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).to.be.instanceOf(FactusMappingError);
    expect((error as FactusMappingError).field).to.equal('accruals.bonuses');
  });

  it('given a fortnightly payroll, then pay_period_half comes from the payment date', () => {
    const payroll = validPayrollBody();
    payroll.settlement_period.payroll_period_code = '4';
    payroll.payment.payment_date = '2026-05-15';
    const body = factusBody(sentDocument(payrollFamily, payroll as unknown as Record<string, unknown>));
    expect(body.settlement_period).to.include({ payroll_period_code: '4', pay_period_half: '1' });
  });

  it('given a payroll adjustment note, then the payroll number and our id as reference code (deletion, the only kind Factus documents)', () => {
    const document = sentDocument(payrollAdjustmentFamily, { payroll_number: 'NEF110', observation: 'Enviada por error' });
    expect(factusBody(document)).to.deep.equal({ reference_code: document.id, payroll_number: 'NEF110', observation: 'Enviada por error' });
  });
  it('given notes that omit their party, then the Factus body carries the party taken from the document they name', () => {
    const invoiceCustomer = { ...sampleInvoice({ identification: '800197268' }).customer };
    const { customer: _customer, ...note } = validNoteBody('1');
    const invoice = { family: 'sales-invoice' as const, documentId: 'inv-1', number: 'SETP990000001', uniqueCode: 'cufe', issueDate: '2026-05-01', party: invoiceCustomer };
    expect(factusBody(sentDocument(creditNoteFamily, note as Record<string, unknown>, nextId(), invoice)).customer)
      .to.include({ identification: '800197268', company: 'Alan company name' });
    const supportProvider = { ...validSupportDocumentBody().provider!, identification: '901234567', dv: nitCheckDigit('901234567') };
    const { provider: _provider, ...adjustment } = validAdjustmentNoteBody();
    const support = { family: 'support-document' as const, documentId: 'ds-1', number: 'SEDS984000129', uniqueCode: 'cuds', issueDate: '2026-05-01', party: supportProvider };
    expect(factusBody(sentDocument(adjustmentNoteFamily, adjustment as Record<string, unknown>, nextId(), support)).provider)
      .to.include({ identification: '901234567' });
  });
});
