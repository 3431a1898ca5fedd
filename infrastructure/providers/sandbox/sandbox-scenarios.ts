import type { AuthorityMessage } from '../../../domain/documents/authority-message.ts';
import { FAMILIES } from '../../../domain/documents/families/index.ts';
import type { DocumentState } from '../../../domain/documents/document-state.ts';

/** Like a payment provider's test cards: documented counterparty identifications decide the sandbox's answer. */
export const SANDBOX_TEST_VALUES = {
  rejected: '1111111111',
  validatedWithWarning: '2222222221',
} as const;

type Scenario = { kind: 'validated'; warnings: AuthorityMessage[] } | { kind: 'rejected'; errors: AuthorityMessage[] };

export function scenarioFor(document: DocumentState): Scenario {
  const family = document.family ? FAMILIES.get(document.family) : undefined;
  const identification = family?.counterparty(document.body).identification ?? '';
  if (identification === SANDBOX_TEST_VALUES.rejected) {
    return {
      kind: 'rejected',
      errors: [{ code: 'FAK24', message: `Regla: FAK24, Rechazo: el adquirente ${identification} no está inscrito en el RUT (valor de prueba del sandbox)` }],
    };
  }
  if (identification === SANDBOX_TEST_VALUES.validatedWithWarning) {
    return {
      kind: 'validated',
      warnings: [{ code: 'RUT01', message: 'Regla: RUT01, Notificación: el nombre del adquirente no coincide con el registrado en el RUT' }],
    };
  }
  return { kind: 'validated', warnings: [] };
}
