import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { PURCHASES_BOOK_CSV, SALES_BOOK_CSV } from '../../../api/reports/book-columns.ts';
import { PAYROLL_BOOK_CSV } from '../../../api/reports/payroll-book-columns.ts';
import { validPayrollBody } from '../../domain/payroll/valid-payroll-body.ts';
import { ADJUSTMENTS, PAYROLLS, issueValidated as issueValidatedPayroll } from '../documents/payroll/payroll-test-helpers.ts';
import { money } from '../../../domain/shared/money.ts';
import { REJECTED_IDENTIFICATION, adjustmentNoteBody, create, issueValidated, noteBody, periodNoteBody, supportDocumentBody, supportLine } from '../../support/family-test-helpers.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { startTestApp, type TestApp, type TestTenant } from '../../support/test-app.ts';

const BOOK = '/v1/reports/sales-book';

describe('The books: GET /v1/reports/sales-book, purchases-book and payroll-book', function () {
  this.timeout(60_000);
  let app: TestApp;
  let tenant: TestTenant;
  let issued: Record<string, Record<string, any>>;
  let period: string;

  before(async () => {
    app = await startTestApp();
    tenant = await app.createTenant();
    const plain = await issueValidated(app, 'sales-invoice', tenant.key, sampleInvoice());
    const consumption = sampleInvoice();
    consumption.items = [{ ...consumption.items[0], price: '50000.00', taxes: [{ code: '04', rate: '8.00' }] }];
    consumption.payment_details[0].amount = '54000.00';
    consumption.customer.company = '=HYPERLINK("http://evil.example")';
    const inc = await issueValidated(app, 'sales-invoice', tenant.key, consumption);
    const withheldBody = sampleInvoice();
    withheldBody.items[1].withholding_taxes = [{ code: '06', rate: '2.50' }];
    const withheld = await issueValidated(app, 'sales-invoice', tenant.key, withheldBody);
    await create(app, 'sales-invoice', tenant.key, sampleInvoice({ identification: REJECTED_IDENTIFICATION }));
    const credit = await issueValidated(app, 'credit-note', tenant.key, noteBody({ bill_number: plain.number, items: [sampleInvoice().items[0]] }));
    const debit = await issueValidated(app, 'debit-note', tenant.key, periodNoteBody({ concept: '2' }));
    const other = await app.createTenant();
    await issueValidated(app, 'sales-invoice', other.key, sampleInvoice());
    await app.settle();
    issued = { plain, inc, withheld, credit, debit };
    period = `from=${plain.issue_date}&to=${debit.issue_date}`;
  });
  after(() => app.close());

  async function book(query: string): Promise<{ status: number; headers: Headers; text: string }> {
    const response = await fetch(`${app.baseUrl}${BOOK}?${query}`, { headers: { Authorization: `Bearer ${tenant.key}` } });
    return { status: response.status, headers: response.headers, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer()) };
  }

  const rowsOf = (text: string): Array<Record<string, string>> => parse(text, { columns: true, bom: true });

  it('answers a CSV with a byte order mark, the fixed columns, and the documents DIAN accepted in the order they were issued', async () => {
    const answer = await book(period);

    expect(answer.status).to.equal(200);
    expect(answer.headers.get('content-type')).to.equal('text/csv; charset=utf-8');
    expect(answer.headers.get('content-disposition')).to.match(/^attachment; filename="libro-ventas-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(answer.text.startsWith('\uFEFF')).to.equal(true);
    expect(answer.text.slice(1).split('\r\n')[0]).to.equal(SALES_BOOK_CSV.columns.join(','));
    const rows = rowsOf(answer.text);
    expect(rows.map((row) => row.number)).to.deep.equal(['plain', 'inc', 'withheld', 'credit', 'debit'].map((name) => issued[name].number));
    expect(rows.map((row) => row.family)).to.deep.equal(['sales-invoices', 'sales-invoices', 'sales-invoices', 'credit-notes', 'debit-notes']);
  });

  it('puts each tax in its rate\'s columns, signs a credit note\'s amounts negative, and names the invoice a note corrects', async () => {
    const rows = rowsOf((await book(period)).text);
    const [plain, inc, withheld, credit] = rows;

    expect(plain).to.include({ line_extension_amount: '70000.00', iva_19_base: '70000.00', iva_19: '13300.00', tax_amount: '13300.00', payable_amount: '83300.00', inc_8: '', withholding_total: '', unique_code: issued.plain.cufe, document_id: issued.plain.id });
    expect(inc).to.include({ inc_8_base: '50000.00', inc_8: '4000.00', iva_19_base: '', iva_19: '', payable_amount: '54000.00' });
    expect(withheld).to.include({ reterenta_base: '60000.00', reterenta: '1500.00', reteiva_base: '', reteiva: '', withholding_total: '1500.00', payable_amount: '83300.00' });
    expect(credit).to.include({ corrects: issued.plain.number, line_extension_amount: '-10000.00', iva_19_base: '-10000.00', iva_19: '-1900.00', payable_amount: '-11900.00', status: 'validated' });
    const net = rows.reduce((sum, row) => sum.plus(money(row.payable_amount)), money('0'));
    expect(net.toFixed(2)).to.equal('292000.00');
  });

  it('escapes a counterparty a spreadsheet would run as a formula, and leaves negative amounts as numbers', async () => {
    const { text } = await book(period);

    expect(text).to.contain(`'=HYPERLINK(""http://evil.example"")`);
    expect(text).to.contain(',-11900.00,');
    expect(text).to.not.contain(`'-`);
  });

  it('given format=jsonl, then one object per document keyed by the columns, empty cells null, the counterparty as written', async () => {
    const answer = await book(`${period}&format=jsonl`);
    const lines = answer.text.trim().split('\n').map((line) => JSON.parse(line) as Record<string, string | null>);

    expect(answer.headers.get('content-type')).to.match(/^application\/x-ndjson/);
    expect(answer.headers.get('content-disposition')).to.match(/\.jsonl"$/);
    expect(lines.map((line) => line.number)).to.deep.equal(rowsOf((await book(period)).text).map((row) => row.number));
    expect(Object.keys(lines[0])).to.deep.equal([...SALES_BOOK_CSV.columns]);
    expect(lines[1]).to.include({ counterparty_name: '=HYPERLINK("http://evil.example")', inc_8: '4000.00', iva_19: null });
    expect(lines[3]).to.include({ payable_amount: '-11900.00' });
  });

  it('given a period without documents, then the header alone; bad parameters, then 400 naming each', async () => {
    expect((await book('from=2020-01-01&to=2020-01-31')).text.slice(1)).to.equal(`${SALES_BOOK_CSV.columns.join(',')}\r\n`);

    const bad = await book('from=2026-02-01&to=2026-01-31&family=sales-invoices&format=xlsx');
    expect(bad.status).to.equal(400);
    expect(JSON.parse(bad.text).errors.map((error: { field: string }) => error.field)).to.deep.equal(['family', 'from', 'format']);
  });

  describe('GET /v1/reports/purchases-book', () => {
    it('holds the support documents and their adjustment notes (negative), with IVA by rate and the withholdings practised by code', async () => {
      const buyer = await app.createTenant({ nit: '890903938' });
      const bought = supportDocumentBody({ items: [supportLine({ withholding_taxes: [{ code: '06', rate: '3.50' }, { code: '05', rate: '15.00' }] })] });
      const support = await issueValidated(app, 'support-document', buyer.key, bought);
      const adjustment = await issueValidated(app, 'adjustment-note', buyer.key, adjustmentNoteBody(support.number));
      await issueValidated(app, 'sales-invoice', buyer.key, sampleInvoice());

      const response = await fetch(`${app.baseUrl}/v1/reports/purchases-book?from=${support.issue_date}&to=${adjustment.issue_date}`, { headers: { Authorization: `Bearer ${buyer.key}` } });
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

      expect(response.headers.get('content-disposition')).to.equal(`attachment; filename="libro-compras-${support.issue_date}-${adjustment.issue_date}.csv"`);
      expect(text.slice(1).split('\r\n')[0]).to.equal(PURCHASES_BOOK_CSV.columns.join(','));
      expect(PURCHASES_BOOK_CSV.columns).to.not.include('inc_8');
      const [supportRow, adjustmentRow, ...rest] = rowsOf(text);
      expect(rest).to.deep.equal([]);
      expect(supportRow).to.include({
        family: 'support-documents', number: support.number, counterparty_identification: '900123456', line_extension_amount: '80000.00',
        iva_19_base: '80000.00', iva_19: '15200.00', payable_amount: '95200.00',
        reterenta_base: '80000.00', reterenta: '2800.00', reteiva_base: '15200.00', reteiva: '2280.00', withholding_total: '5080.00',
      });
      expect(adjustmentRow).to.include({ family: 'adjustment-notes', corrects: support.number, line_extension_amount: '-10000.00', iva_19: '-1900.00', payable_amount: '-11900.00', reterenta: '' });
    });
  });

  describe('GET /v1/reports/payroll-book', () => {
    it('holds the payrolls that stand, each concept in its column and the totals; a deleted payroll is left out with its note', async () => {
      const employer = await app.createTenant({ nit: '860034313' });
      const may = await issueValidatedPayroll(app, PAYROLLS, employer.key, validPayrollBody());
      const deleted = await issueValidatedPayroll(app, PAYROLLS, employer.key, { ...validPayrollBody(), settlement_period: { month: 6, year: 2026, payroll_period_code: '5' } });
      await issueValidatedPayroll(app, ADJUSTMENTS, employer.key, { payroll_number: deleted.number, observation: 'Enviada por error' });
      await app.settle();

      const response = await fetch(`${app.baseUrl}/v1/reports/payroll-book?from=${may.issue_date}&to=${deleted.issue_date}`, { headers: { Authorization: `Bearer ${employer.key}` } });
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());

      expect(response.headers.get('content-disposition')).to.equal(`attachment; filename="libro-nomina-${may.issue_date}-${deleted.issue_date}.csv"`);
      expect(text.slice(1).split('\r\n')[0]).to.equal(PAYROLL_BOOK_CSV.columns.join(','));
      expect(PAYROLL_BOOK_CSV.columns.filter((column) => column.startsWith('accrual_') || column.startsWith('deduction_'))).to.have.length(42);
      const rows = rowsOf(text);
      expect(rows.map((row) => row.number)).to.deep.equal([may.number]);
      expect(rows[0]).to.include({
        unique_code: may.cune, worker_identification: '1234567890', settlement_period: '2026-05', payment_date: '2026-06-05',
        accrual_basic_salary: '2800000.00', accrual_transport_allowance: '249095.00', accrual_commissions: '300000.00', accrual_overtime_and_surcharges: '79545.45',
        deduction_health: '127181.82', deduction_pension: '127181.82', deduction_withholding_tax: '',
        accrued_total: '3428640.45', deducted_total: '254363.64', net_total: '3174276.81',
      });
    });
  });
});
