import { eventCude } from '../../domain/unique-codes/event-cude.ts';
import { issuerParty } from './commercial/party-views.ts';
import { DIAN_PARTY } from './dian-party.ts';
import type { RenderContext } from './render-context.ts';
import { HABILITACION_SOFTWARE } from './habilitacion-ranges.ts';
import { taxScheme } from './ubl/parties.ts';
import { UBL, ublPrefixes } from './ubl/ubl-namespaces.ts';
import { child, serialize, xmlRoot, type XmlNode } from './xml/xml-node.ts';

export const VALIDATION_RESULT = { code: '02', description: 'Documento validado por la DIAN' };

/**
 * The sandbox's stand-in for DIAN's answer: ApplicationResponse 02 "Documento validado por la DIAN", the
 * notifications (warnings) as notes and line responses, dated when the document was validated.
 */
export function applicationResponseXml(context: RenderContext): string {
  const { document, validated, environment, number, uniqueCode, family } = context;
  const id = responseId(context);
  const root = xmlRoot(UBL.applicationResponse, 'ApplicationResponse', ublPrefixes(false));
  child(root, 'cbc:UBLVersionID', 'UBL 2.1');
  child(root, 'cbc:CustomizationID', '1');
  child(root, 'cbc:ProfileID', 'DIAN 2.1');
  child(root, 'cbc:ProfileExecutionID', environment);
  child(root, 'cbc:ID', id);
  child(root, 'cbc:UUID', responseCude(context, id), { schemeID: environment, schemeName: 'CUDE-SHA384' });
  child(root, 'cbc:IssueDate', validated.date);
  child(root, 'cbc:IssueTime', validated.time);
  for (const warning of document.warnings) child(root, 'cbc:Note', `${warning.code}: ${warning.message}`);
  taxScheme(child(root, 'cac:SenderParty'), DIAN_PARTY, false);
  taxScheme(child(root, 'cac:ReceiverParty'), issuerParty(context.issuer), false);
  const response = child(root, 'cac:DocumentResponse');
  describe(child(response, 'cac:Response'), VALIDATION_RESULT.code, VALIDATION_RESULT.description);
  const reference = child(response, 'cac:DocumentReference');
  child(reference, 'cbc:ID', number);
  child(reference, 'cbc:UUID', uniqueCode, { schemeName: `${family.uniqueCodeName.toUpperCase()}-SHA384` });
  const lines = [...document.warnings, { code: '0', message: `El documento ${number}, ha sido autorizado.` }];
  lines.forEach((line, index) => {
    const lineResponse = child(response, 'cac:LineResponse');
    child(child(lineResponse, 'cac:LineReference'), 'cbc:LineID', String(index + 1));
    describe(child(lineResponse, 'cac:Response'), line.code, line.message);
  });
  return serialize(root);
}

/** A stable tracking number for the answer, derived from the document's unique code. */
function responseId({ uniqueCode }: RenderContext): string {
  return String(parseInt(uniqueCode.slice(0, 8) || '0', 16));
}

function responseCude(context: RenderContext, id: string): string {
  return eventCude({
    eventNumber: id,
    issueDate: context.validated.date,
    issueTime: context.validated.time,
    issuerNit: DIAN_PARTY.identification,
    receiverId: context.issuer.nit,
    responseCode: VALIDATION_RESULT.code,
    referencedDocumentNumber: context.number,
    referencedDocumentTypeCode: context.family.typeCode,
    softwarePin: HABILITACION_SOFTWARE.pin,
  });
}

function describe(parent: XmlNode, code: string, description: string): void {
  child(parent, 'cbc:ResponseCode', code);
  child(parent, 'cbc:Description', description);
}
