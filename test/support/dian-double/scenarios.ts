import type { DocumentFacts } from './document-facts.ts';

/**
 * What the double does with one document:
 * - `validated` (default): StatusCode 00, no rules;
 * - `notifications`: 00 with `Regla: …, Notificación: …` lines (IsValid true);
 * - `rejected`: 99 with rejection (and notification) lines;
 * - `already-processed`: DIAN already holds it validated from an earlier send: rule 90, and GetStatus answers 00;
 * - `fault`: HTTP 500 a:InvalidSecurity; `unavailable`: HTML 503 page;
 * - `timeout`: no answer until the client gives up; `stored` says what DIAN did meanwhile (`validated`: it validated
 *   it; `in-process`: GetStatus answers 98 for `pendingPolls` polls, then 00; `nothing`, the default: never received).
 */
export type Scenario =
  | 'validated' | 'notifications' | 'rejected' | 'already-processed' | 'fault' | 'unavailable' | 'timeout'
  | { kind: 'validated' }
  | { kind: 'notifications'; rules?: string[] }
  | { kind: 'rejected'; rules?: string[] }
  | { kind: 'already-processed' }
  | { kind: 'fault'; reason?: string }
  | { kind: 'unavailable' }
  | { kind: 'timeout'; stored?: 'validated' | 'in-process' | 'nothing'; pendingPolls?: number };

export type ScenarioKind = Exclude<Scenario, object>;

export interface PlannedScenario {
  kind: ScenarioKind;
  rules: string[];
  reason?: string;
  stored: 'validated' | 'in-process' | 'nothing';
  pendingPolls: number;
}

/** The document and the operation it came with, as a test's script sees it. */
export interface ScriptedDocument extends DocumentFacts {
  operation: string;
}

/** Chooses a document's scenario; undefined → `validated`. */
export type DocumentScript = (document: ScriptedDocument) => Scenario | undefined;

/** Rule lines used when a test asks for notifications or a rejection without naming rules (texts illustrative). */
export const DEFAULT_NOTIFICATIONS = ['Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.'];
export const DEFAULT_REJECTIONS = [
  'Regla: FAK24, Rechazo: Identificación del adquirente no informada o inválida.',
  'Regla: FAJ43b, Notificación: Nombre informado No corresponde al registrado en el RUT con respecto al Nit suminstrado.',
];

export function planScenario(scenario: Scenario | undefined): PlannedScenario {
  const value = scenario ?? 'validated';
  const kind: ScenarioKind = typeof value === 'string' ? value : value.kind;
  const rules = typeof value === 'object' && 'rules' in value && value.rules
    ? value.rules
    : kind === 'notifications' ? DEFAULT_NOTIFICATIONS : kind === 'rejected' ? DEFAULT_REJECTIONS : [];
  return {
    kind,
    rules,
    ...(typeof value === 'object' && 'reason' in value && value.reason !== undefined && { reason: value.reason }),
    stored: typeof value === 'object' && value.kind === 'timeout' ? value.stored ?? 'nothing' : 'nothing',
    pendingPolls: typeof value === 'object' && value.kind === 'timeout' ? value.pendingPolls ?? 1 : 0,
  };
}
