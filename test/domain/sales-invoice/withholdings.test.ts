import { expect } from 'chai';
import { salesInvoiceFamily } from '../../../domain/documents/families/sales-invoice-family.ts';
import { CREDIT_NOTE, DEBIT_NOTE } from '../../../domain/notes/note-kind.ts';
import { checkNoteRules } from '../../../domain/notes/note-rules.ts';
import { checkSalesInvoiceRules } from '../../../domain/sales-invoice/issuance-rules.ts';
import { normalizeSalesInvoice } from '../../../domain/sales-invoice/normalize-sales-invoice.ts';
import type { SalesInvoiceBody } from '../../../domain/sales-invoice/sales-invoice-body.ts';
import { computeSalesInvoiceTotals, computeTotals } from '../../../domain/sales-invoice/totals.ts';
import { isWithheld } from '../../../domain/withholdings/withheld-totals.ts';
import type { WithholdingTax } from '../../../domain/withholdings/withholding-tax.ts';
import { validNoteBody } from '../notes/valid-note-body.ts';
import { IVA19, item } from './item.ts';
import { validSalesInvoiceBody } from './valid-sales-invoice-body.ts';

const RETE_RENTA_2_5: WithholdingTax = { code: '06', rate: '2.50' };
const RETE_IVA_15: WithholdingTax = { code: '05', rate: '15.00' };

/** The seed-shaped example (10000 + 3 × 20000, IVA 19 %: payable 83300.00) with withholdings on its lines. */
function withheldBody(first: WithholdingTax[], second: WithholdingTax[]): SalesInvoiceBody {
  const body = validSalesInvoiceBody();
  const [one, two] = body.items!;
  return { ...body, items: [{ ...one, withholding_taxes: first }, { ...two, withholding_taxes: second }] };
}

describe('withholdings on a sales invoice', () => {
  describe('rules', () => {
    it('given ReteRenta on both lines and ReteIVA on one with IVA, when checked, then there is no issue', () => {
      expect(checkSalesInvoiceRules(withheldBody([RETE_RENTA_2_5], [RETE_RENTA_2_5, RETE_IVA_15]))).to.deep.equal([]);
    });

    it('given ReteICA (07), when checked, then the code is refused naming what a sales invoice line admits', () => {
      const issues = checkSalesInvoiceRules(withheldBody([{ code: '07', rate: '0.97' }], []));
      expect(issues).to.have.length(1);
      expect(issues[0].field).to.equal('items[0].withholding_taxes[0].code');
      expect(issues[0].message).to.contain('a withholding admitted on a sales invoice line');
      expect(issues[0].message).to.contain('05').and.to.contain('06');
    });

    it('given ReteIVA on a line without IVA, when checked, then the answer says the line has no IVA to withhold from', () => {
      const body = { ...validSalesInvoiceBody(), items: [{ ...item('10000.00'), withholding_taxes: [RETE_IVA_15] }] };
      const issues = checkSalesInvoiceRules({ ...body, payment_details: [{ payment_form: '1', payment_method_code: '10', amount: '10000.00' }] });
      expect(issues).to.deep.equal([{
        field: 'items[0].withholding_taxes[0].code',
        message: '"05" (ReteIVA) withholds part of the line\'s IVA, and this line has no 01 (IVA) in taxes; add the IVA or remove the withholding',
      }]);
    });

    it('given the same withholding twice on a line and a rate over 100, when checked, then both are named by their path', () => {
      const issues = checkSalesInvoiceRules(withheldBody([RETE_RENTA_2_5, { code: '06', rate: '1.00' }], [{ code: '06', rate: '100.01' }]));
      expect(issues.map((issue) => issue.field)).to.deep.equal([
        'items[0].withholding_taxes[1].code',
        'items[1].withholding_taxes[0].rate',
      ]);
      expect(issues[1].message).to.equal('is 100.01; a withholding rate is at most 100');
    });

    it('given payments adding up to the payable amount less the withholdings, when checked, then they are refused: withholdings do not reduce it', () => {
      const body = withheldBody([RETE_RENTA_2_5], [RETE_RENTA_2_5]);
      const issues = checkSalesInvoiceRules({ ...body, payment_details: [{ payment_form: '1', payment_method_code: '42', amount: '81550.00' }] });
      expect(issues.map((issue) => issue.field)).to.deep.equal(['payment_details']);
      expect(issues[0].message).to.contain('83300.00');
    });
  });

  describe('totals', () => {
    it('given withholdings, when the totals are computed, then each is on its line and grouped, and no other amount changes', () => {
      const body = withheldBody([RETE_RENTA_2_5], [RETE_RENTA_2_5, RETE_IVA_15]);
      const totals = computeSalesInvoiceTotals(body.items!);
      const plain = computeTotals(validSalesInvoiceBody().items!);

      expect(isWithheld(totals)).to.equal(true);
      if (!isWithheld(totals)) return;
      expect(totals.lines.map((line) => line.withholding_taxes)).to.deep.equal([
        [{ code: '06', rate: '2.50', taxable_amount: '10000.00', amount: '250.00' }],
        [
          { code: '06', rate: '2.50', taxable_amount: '60000.00', amount: '1500.00' },
          { code: '05', rate: '15.00', taxable_amount: '11400.00', amount: '1710.00' },
        ],
      ]);
      expect(totals.withholding_taxes).to.deep.equal([
        { code: '05', rate: '15.00', taxable_amount: '11400.00', amount: '1710.00' },
        { code: '06', rate: '2.50', taxable_amount: '70000.00', amount: '1750.00' },
      ]);
      expect(totals.withholding_total).to.equal('3460.00');
      const { withholding_taxes: _w, withholding_total: _t, lines, ...rest } = totals;
      const { lines: plainLines, ...plainRest } = plain;
      expect(rest).to.deep.equal(plainRest);
      expect(rest.payable_amount).to.equal('83300.00');
      expect(lines.map(({ withholding_taxes: _lw, ...line }) => line)).to.deep.equal(plainLines);
    });

    it('given no withholdings (or empty lists), when the family computes the totals, then they are exactly those an invoice always recorded', () => {
      const body = validSalesInvoiceBody();
      const plain = computeTotals(body.items!);
      expect(salesInvoiceFamily.computeTotals(body as Record<string, unknown>)).to.deep.equal(plain);
      expect(computeSalesInvoiceTotals(withheldBody([], []).items!)).to.deep.equal(plain);
    });

    it('given a body without withholdings, when normalized, then none is added, so a retry sent before withholdings existed matches its record', () => {
      const normalized = normalizeSalesInvoice(validSalesInvoiceBody());
      for (const line of normalized.items!) expect(line).not.to.have.property('withholding_taxes');
    });

    it('given a body with withholdings, when normalized, then they are kept as sent', () => {
      const normalized = normalizeSalesInvoice(withheldBody([RETE_RENTA_2_5], []));
      expect(normalized.items![0].withholding_taxes).to.deep.equal([RETE_RENTA_2_5]);
    });
  });

  describe('notes', () => {
    for (const kind of [CREDIT_NOTE, DEBIT_NOTE]) {
      it(`given a ${kind.name} line sent with withholdings, when checked, then the field is refused with the reason`, () => {
        const body = validNoteBody(kind === CREDIT_NOTE ? '1' : '2');
        const issues = checkNoteRules({ ...body, items: [{ ...item('10000.00', '1.00', [IVA19]), withholding_taxes: [RETE_RENTA_2_5] }] }, kind);
        expect(issues).to.deep.equal([{
          field: 'items[0].withholding_taxes',
          message: `is not admitted: a ${kind.name} carries no withholdings (DIAN's ${kind.name} has no WithholdingTaxTotal); remove the field`,
        }]);
      });
    }
  });
});
