import type { RenderContext } from '../render-context.ts';

interface PayrollQrValues {
  workerDocument: string;
  accrued: string;
  deducted: string;
  total: string;
  /** Set on an adjustment note: 2 Eliminar. */
  noteType?: string;
}

/** The CodigoQR content of a payroll document (reference §9.4): one "Key: value" per line, then the URL. */
export function payrollQrText(context: RenderContext, values: PayrollQrValues): string {
  const { document, number, issuer, uniqueCode } = context;
  const fields: Array<[string, string]> = [
    ['NumNIE', number],
    ['FecNIE', document.issueDate],
    ['HorNIE', document.issueTime],
    ['NitNIE', issuer.nit],
    ['DocEmp', values.workerDocument],
    ['ValDev', values.accrued],
    ['ValDed', values.deducted],
    ['ValTol', values.total],
    ...(values.noteType ? [['TipoNota', values.noteType] as [string, string]] : []),
    ['CUNE', uniqueCode],
    ['QRCode', context.qrUrl],
  ];
  return fields.map(([key, value]) => `${key}: ${value}`).join('\n');
}
