import { asFamily } from '../../../domain/documents/document-of-family.ts';
import type { RenderContext } from '../render-context.ts';
import { signatureExtension } from '../signature-extension.ts';
import { child, serialize, xmlRoot } from '../xml/xml-node.ts';
import { employer, generalInformation, notes, numberSequence, origin } from './payroll-header.ts';
import { PAYROLL_SCHEMAS, payrollRootAttributes } from './payroll-namespaces.ts';
import { payrollQrText } from './payroll-qr-text.ts';

const schema = PAYROLL_SCHEMAS.adjustment;
const DELETE = '2';

/**
 * NominaIndividualDeAjuste (TipoXML 103) with TipoNota 2, Eliminar: it names the payroll it deletes and carries no
 * worker and no amounts (its CUNE uses 0.00 and DocEmp 0).
 */
export function nominaAjusteXml(context: RenderContext): string {
  const { body } = asFamily(context.document, 'payroll-adjustment');
  const predecessor = context.document.reference;
  const root = xmlRoot(schema.namespace, schema.root, payrollRootAttributes(schema));
  signatureExtension(child(root, 'ext:UBLExtensions'));
  child(root, 'TipoNota', DELETE);
  const eliminar = child(root, 'Eliminar');
  child(eliminar, 'EliminandoPredecesor', undefined, {
    NumeroPred: predecessor?.number ?? body.payroll_number,
    CUNEPred: predecessor?.uniqueCode ?? '',
    FechaGenPred: predecessor?.issueDate ?? context.document.issueDate,
  });
  numberSequence(eliminar, context);
  origin(eliminar, context);
  child(eliminar, 'CodigoQR', payrollQrText(context, { workerDocument: '0', accrued: '0.00', deducted: '0.00', total: '0.00', noteType: DELETE }));
  generalInformation(eliminar, context, '103');
  notes(eliminar, body.observation);
  employer(eliminar, context);
  return serialize(root);
}
