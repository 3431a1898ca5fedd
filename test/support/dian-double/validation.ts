import { dianApplicationResponse } from './application-response.ts';
import type { DianResponseFields } from './dian-response.ts';
import type { DocumentFacts } from './document-facts.ts';
import type { DocumentRegistry, StoredDocument } from './document-registry.ts';
import type { PlannedScenario } from './scenarios.ts';

export const ALREADY_PROCESSED = 'Regla: 90, Rechazo: Documento procesado anteriormente.';
export const BAD_SIGNATURE = 'Regla: ZE02, Rechazo: Valor de la firma inválido.';
export const SCHEMA_FAILURE = 'Regla: ZB01, Rechazo: Fallo en el esquema XML del archivo';

const LABELS: Record<string, string> = {
  Invoice: 'Factura electrónica',
  CreditNote: 'Nota crédito electrónica',
  DebitNote: 'Nota débito electrónica',
  NominaIndividual: 'Nómina individual electrónica',
  NominaIndividualDeAjuste: 'Nómina individual de ajuste electrónica',
  ApplicationResponse: 'Evento',
};

function numberText(facts: DocumentFacts): string {
  return facts.prefix ? `${facts.prefix}-${facts.consecutive}` : facts.number;
}

/** DIAN's answer for a document that passed (00) or failed (99) validation with these rule lines. */
export function validationAnswer(facts: DocumentFacts, accepted: boolean, rules: readonly string[], now: Date): DianResponseFields {
  const applicationResponse = Buffer.from(dianApplicationResponse(facts, accepted, rules, now), 'utf8').toString('base64');
  return {
    errorMessages: [...rules],
    isValid: accepted,
    statusCode: accepted ? '00' : '99',
    statusDescription: accepted ? 'Procesado Correctamente.' : 'Validación contiene errores en campos mandatorios.',
    statusMessage: accepted ? `La ${LABELS[facts.type] ?? 'Documento'} ${numberText(facts)}, ha sido autorizada.` : 'Documento con errores en campos mandatorios.',
    xmlBase64Bytes: applicationResponse,
    xmlDocumentKey: facts.uniqueCode,
    xmlFileName: facts.fileName,
  };
}

/** Rule 90: 99 with the single line, the stored document's key and ApplicationResponse (reference §5). */
export function alreadyProcessedAnswer(stored: StoredDocument, fileName: string): DianResponseFields {
  return {
    errorMessages: [ALREADY_PROCESSED],
    isValid: false,
    statusCode: '99',
    statusDescription: 'Validación contiene errores en campos mandatorios.',
    statusMessage: 'Documento con errores en campos mandatorios.',
    xmlBase64Bytes: stored.answer.xmlBase64Bytes,
    xmlDocumentKey: stored.facts.uniqueCode,
    xmlFileName: fileName,
  };
}

/** A document that does not parse: ZB01, nothing stored. */
export function schemaFailureAnswer(fileName: string): DianResponseFields {
  return {
    errorMessages: [SCHEMA_FAILURE],
    isValid: false,
    statusCode: '99',
    statusDescription: 'Validación contiene errores en campos mandatorios.',
    statusMessage: 'Documento con errores en campos mandatorios.',
    xmlBase64Bytes: null,
    xmlDocumentKey: null,
    xmlFileName: fileName,
  };
}

/**
 * Validates one document as DIAN would under the planned scenario and stores the outcome: rule 90 when a validated
 * twin exists (or the scenario says DIAN already holds it), ZE02 when its signature failed, else the scenario's answer.
 * A number whose earlier send was rejected is validated again.
 */
export function validateDocument(registry: DocumentRegistry, facts: DocumentFacts, plan: PlannedScenario, signatureOk: boolean, now: Date): DianResponseFields {
  const twin = registry.validatedTwin(facts);
  if (twin) return alreadyProcessedAnswer(twin, facts.fileName);
  if (plan.kind === 'already-processed') {
    const earlier = registry.store(facts, validationAnswer(facts, true, [], new Date(now.getTime() - 60_000)), true);
    return alreadyProcessedAnswer(earlier, facts.fileName);
  }
  if (!signatureOk) return registry.store(facts, validationAnswer(facts, false, [BAD_SIGNATURE], now), false).answer;
  const accepted = plan.kind !== 'rejected';
  return registry.store(facts, validationAnswer(facts, accepted, plan.rules, now), accepted).answer;
}
