import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import type { ValidationIssue } from '../shared/validation-issue.ts';

const IDENTIFIER = /^[A-Za-z0-9-]{1,64}$/;
const PIN = /^[A-Za-z0-9]{1,32}$/;

/** The software DIAN registered for a company and environment; its PIN enters the CUDE, CUDS, CUNE and security code. */
export interface SoftwareIdentityInput {
  environment: string;
  softwareId: string;
  pin: string;
  testSetId?: string | null;
  /** The payroll habilitación test set (DIAN gives nómina its own). */
  payrollTestSetId?: string | null;
}

export function softwareIssues(input: SoftwareIdentityInput): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (input.environment !== 'test' && input.environment !== 'live') issues.push({ field: 'environment', message: `must be test or live, not ${JSON.stringify(input.environment)}` });
  if (!IDENTIFIER.test(input.softwareId)) issues.push({ field: 'software_id', message: 'must be the software id DIAN gave: letters, digits and hyphens, at most 64' });
  if (!PIN.test(input.pin)) issues.push({ field: 'pin', message: 'must be the software PIN: letters and digits, at most 32' });
  const testSet = input.testSetId ?? null;
  if (testSet !== null && !IDENTIFIER.test(testSet)) issues.push({ field: 'test_set_id', message: 'must be letters, digits and hyphens, at most 64' });
  const payrollTestSet = input.payrollTestSetId ?? null;
  if (payrollTestSet !== null && !IDENTIFIER.test(payrollTestSet)) issues.push({ field: 'payroll_test_set_id', message: 'must be letters, digits and hyphens, at most 64' });
  return issues;
}

export interface SetSoftwareIdentity {
  type: 'SetSoftwareIdentity';
  tenantId: string;
  environment: string;
  softwareId: string;
  /** The PIN sealed with SECRETS_KEY: the plain PIN never reaches an event. */
  sealedPin: string;
  testSetId: string | null;
  payrollTestSetId?: string | null;
  now: Date;
}

export interface SoftwareIdentitySet {
  type: 'SoftwareIdentitySet';
  /** payrollTestSetId is absent on events recorded before payroll test sets were kept. */
  data: { tenantId: string; environment: string; softwareId: string; sealedPin: string; testSetId: string | null; payrollTestSetId?: string | null; at: string };
}

/** The same PIN sealed again (with the key that replaced SECRETS_KEY's); nothing else changes. */
export interface SoftwarePinResealed {
  type: 'SoftwarePinResealed';
  data: { tenantId: string; environment: string; sealedPin: string; at: string };
}

export interface ResealSoftwarePin {
  type: 'ResealSoftwarePin';
  tenantId: string;
  environment: string;
  sealedPin: string;
  now: Date;
}

export type SoftwareIdentityEvent = SoftwareIdentitySet | SoftwarePinResealed;

export interface SoftwareIdentityState {
  softwareId: string | null;
  sealedPin: string | null;
  testSetId: string | null;
  payrollTestSetId: string | null;
  updatedAt: string | null;
}

export const softwareIdentityDecider: Decider<SetSoftwareIdentity | ResealSoftwarePin, SoftwareIdentityEvent, SoftwareIdentityState> = {
  decide(command, state) {
    if (command.type === 'ResealSoftwarePin') {
      if (state.sealedPin === null) throw new DomainError('not_found', `no software identity in ${command.environment}`);
      if (state.sealedPin === command.sealedPin) return [];
      const { tenantId, environment, sealedPin } = command;
      return [{ type: 'SoftwarePinResealed', data: { tenantId, environment, sealedPin, at: command.now.toISOString() } }];
    }
    const issues = softwareIssues({ ...command, pin: '0' });
    if (issues.length > 0) throw new DomainError('validation_failed', issues.map((i) => `${i.field} ${i.message}`).join('; '), { issues });
    const { tenantId, environment, softwareId, sealedPin, testSetId } = command;
    const payrollTestSetId = command.payrollTestSetId ?? null;
    return [{ type: 'SoftwareIdentitySet', data: { tenantId, environment, softwareId, sealedPin, testSetId, payrollTestSetId, at: command.now.toISOString() } }];
  },
  evolve(state, event) {
    if (event.type === 'SoftwarePinResealed') return { ...state, sealedPin: event.data.sealedPin };
    const { softwareId, sealedPin, testSetId, payrollTestSetId, at } = event.data;
    return { softwareId, sealedPin, testSetId, payrollTestSetId: payrollTestSetId ?? null, updatedAt: at };
  },
  initialState: () => ({ softwareId: null, sealedPin: null, testSetId: null, payrollTestSetId: null, updatedAt: null }),
};
