import { familyNamed } from '../../../domain/documents/families/index.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';
import type { SalesInvoiceTotals } from '../../../domain/sales-invoice/sales-invoice-totals.ts';
import { taxAmountOf } from '../../../domain/sales-invoice/totals.ts';
import { cude } from '../../../domain/unique-codes/cude.ts';
import { cuds } from '../../../domain/unique-codes/cuds.ts';
import { cufe } from '../../../domain/unique-codes/cufe.ts';
import { cune } from '../../../domain/unique-codes/cune.ts';
import { PRODUCTION, TESTING } from '../../../domain/unique-codes/dian-environment.ts';
import { SANDBOX_RANGES, SANDBOX_SOFTWARE } from './sandbox-ranges.ts';

/** The DIAN unique code of a validated document, by the formula of its family (reference §2). */
export function sandboxUniqueCode(document: DocumentState, number: string): string {
  const family = familyNamed(document.family as Exclude<DocumentState['family'], ''>);
  const environment = document.environment === 'live' ? PRODUCTION : TESTING;
  const issuerNit = document.issuer?.nit ?? '';
  const counterparty = family.counterparty(document.body).identification;
  const timing = { number, issueDate: document.issueDate, issueTime: document.issueTime };
  const totals = document.totals as Record<string, string> & SalesInvoiceTotals;

  switch (family.uniqueCodeName) {
    case 'cune': {
      const deletes = family.name === 'payroll-adjustment';
      return cune({
        ...timing,
        accruedTotal: deletes ? '0.00' : totals.accrued_total,
        deductionsTotal: deletes ? '0.00' : totals.deducted_total,
        paymentTotal: deletes ? '0.00' : totals.net_total,
        employerNit: issuerNit,
        workerDocument: deletes ? '0' : counterparty,
        xmlType: deletes ? '103' : '102',
        softwarePin: SANDBOX_SOFTWARE.pin,
        environment,
      });
    }
    case 'cuds':
      return cuds({
        ...timing,
        lineExtensionAmount: totals.line_extension_amount,
        ivaAmount: taxAmountOf(totals, '01'),
        payableAmount: totals.payable_amount,
        sellerId: counterparty,
        issuerNit,
        softwarePin: SANDBOX_SOFTWARE.pin,
        environment,
      });
    default: {
      const fields = {
        ...timing,
        lineExtensionAmount: totals.line_extension_amount,
        ivaAmount: taxAmountOf(totals, '01'),
        incAmount: taxAmountOf(totals, '04'),
        icaAmount: taxAmountOf(totals, '03'),
        payableAmount: totals.payable_amount,
        issuerNit,
        acquirerId: counterparty,
        environment,
      };
      return family.uniqueCodeName === 'cufe'
        ? cufe({ ...fields, technicalKey: SANDBOX_RANGES[family.name].technicalKey })
        : cude({ ...fields, softwarePin: SANDBOX_SOFTWARE.pin });
    }
  }
}
