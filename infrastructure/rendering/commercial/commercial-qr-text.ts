import { sum2 } from '../../../domain/shared/money.ts';
import { taxAmountOf } from '../../../domain/sales-invoice/totals.ts';
import type { RenderContext } from '../render-context.ts';
import type { CommercialView } from './commercial-view.ts';

/**
 * DIAN's QR content (reference §7): one "Key: value" per line, then the catalogo-vpfe URL. Support documents and
 * their adjustment notes name the seller (NumSNO) and the buying issuer (NITABS) instead of NitFac and DocAdq.
 */
export function commercialQrText(context: RenderContext, view: CommercialView): string {
  const { document, number, uniqueCode } = context;
  const { totals, supplier, customer } = view;
  const iva = taxAmountOf(totals, '01');
  const codeLine: [string, string] = [context.family.uniqueCodeName.toUpperCase(), uniqueCode];
  const fields: Array<[string, string]> = context.family.uniqueCodeName === 'cuds'
    ? [
        ['NumDS', number], ['FecDS', document.issueDate], ['HorDS', document.issueTime],
        ['NumSNO', supplier.identification], ['NITABS', customer.identification],
        ['ValDS', totals.line_extension_amount], ['ValIva', iva], ['ValTolDS', totals.payable_amount], codeLine,
      ]
    : [
        ['NumFac', number], ['FecFac', document.issueDate], ['HorFac', document.issueTime],
        ['NitFac', supplier.identification], ['DocAdq', customer.identification],
        ['ValFac', totals.line_extension_amount], ['ValIva', iva],
        ['ValOtroIm', sum2(totals.tax_totals.filter((tax) => tax.code !== '01').map((tax) => tax.tax_amount))],
        ['ValTolFac', totals.payable_amount], codeLine,
      ];
  return [...fields.map(([key, value]) => `${key}: ${value}`), context.qrUrl].join('\n');
}
