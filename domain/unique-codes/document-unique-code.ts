import { familyNamed } from '../documents/families/index.ts';
import { asFamily, isOfFamily } from '../documents/document-of-family.ts';
import type { DocumentState } from '../documents/document-state.ts';
import { taxAmountOf } from '../sales-invoice/totals.ts';
import { cude } from './cude.ts';
import { cuds } from './cuds.ts';
import { cufe } from './cufe.ts';
import { cune } from './cune.ts';
import { PRODUCTION, TESTING } from './dian-environment.ts';
import { noteCudeFields } from '../notes/note-cude-fields.ts';
import { supportDocumentCudsFields } from '../support-document/support-document-cuds-fields.ts';
import { HABILITACION_SOFTWARE, habilitacionResolution } from '../numbering/habilitacion.ts';

/** What a unique code is computed with besides the document: the range's technical key (CUFE) and the software PIN. */
export interface CodeKeys {
  technicalKey: string | null;
  softwarePin: string;
}

/**
 * The DIAN unique code of a numbered document, by the formula of its family (reference §2), with the company's
 * keys; without them (or without a technical key) DIAN's habilitación ones.
 */
export function documentUniqueCode(document: DocumentState, number: string, keys?: CodeKeys): string {
  const family = familyNamed(document.family as Exclude<DocumentState['family'], ''>);
  const softwarePin = keys?.softwarePin ?? HABILITACION_SOFTWARE.pin;
  const environment = document.environment === 'live' ? PRODUCTION : TESTING;
  const issuerNit = document.issuer?.nit ?? '';
  const counterparty = family.counterparty(document.body).identification;
  const timing = { number, issueDate: document.issueDate, issueTime: document.issueTime };

  switch (family.uniqueCodeName) {
    case 'cune': {
      // A payroll adjustment deletes a payroll: its CUNE carries no amounts and no worker.
      const payroll = isOfFamily(document, 'payroll') ? document.totals : undefined;
      return cune({
        ...timing,
        accruedTotal: payroll ? payroll.accrued_total : '0.00',
        deductionsTotal: payroll ? payroll.deducted_total : '0.00',
        paymentTotal: payroll ? payroll.net_total : '0.00',
        employerNit: issuerNit,
        workerDocument: payroll ? counterparty : '0',
        xmlType: payroll ? '102' : '103',
        softwarePin,
        environment,
      });
    }
    case 'cuds': {
      const { totals } = asFamily(document, 'support-document', 'adjustment-note');
      return cuds(supportDocumentCudsFields(totals, counterparty, { ...timing, issuerNit, softwarePin, environment }));
    }
    case 'cude': {
      const { totals } = asFamily(document, 'credit-note', 'debit-note');
      return cude(noteCudeFields(totals, counterparty, { ...timing, issuerNit, softwarePin, environment }));
    }
    case 'cufe': {
      const { totals } = asFamily(document, 'sales-invoice');
      return cufe({
        ...timing,
        lineExtensionAmount: totals.line_extension_amount,
        ivaAmount: taxAmountOf(totals, '01'),
        incAmount: taxAmountOf(totals, '04'),
        icaAmount: taxAmountOf(totals, '03'),
        payableAmount: totals.payable_amount,
        issuerNit,
        acquirerId: counterparty,
        environment,
        technicalKey: keys?.technicalKey ?? (habilitacionResolution(document.tenantId, family.name).technicalKey as string),
      });
    }
  }
}
