import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { nitCheckDigit } from '../shared/nit-check-digit.ts';

export interface TenantState {
  exists: boolean;
  id: string;
  nit: string;
  dv: string;
  legalName: string;
  tradeName: string;
  createdAt: string;
}

interface TenantRegistered {
  type: 'TenantRegistered';
  data: { tenantId: string; nit: string; dv: string; legalName: string; tradeName: string; at: string };
}

export type TenantEvent = TenantRegistered;

export interface RegisterTenant {
  type: 'RegisterTenant';
  tenantId: string;
  /** NIT body, optionally followed by `-DV`. */
  nit: string;
  legalName: string;
  tradeName?: string;
  now: Date;
}

type TenantCommand = RegisterTenant;

/** Splits `900825759-7` into body and check digit, verifying the digit; computes it when absent. */
export function parseNit(raw: string): { nit: string; dv: string } {
  const match = /^(\d{5,15})(?:-(\d))?$/.exec(raw.replace(/\./g, '').trim());
  if (!match) throw new DomainError('invalid_nit', `NIT "${raw}" must be 5 to 15 digits, optionally followed by -<check digit>`);
  const [, nit, given] = match;
  const dv = nitCheckDigit(nit);
  if (given !== undefined && given !== dv) {
    throw new DomainError('invalid_nit', `NIT ${nit} has check digit ${dv}, not ${given}`);
  }
  return { nit, dv };
}

export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState> = {
  initialState: () => ({ exists: false, id: '', nit: '', dv: '', legalName: '', tradeName: '', createdAt: '' }),
  decide(command, state) {
    if (state.exists) throw new DomainError('already_exists', `tenant ${state.id} already exists`);
    const legalName = command.legalName.trim();
    if (!legalName) throw new DomainError('invalid_name', 'the legal name must not be empty');
    const { nit, dv } = parseNit(command.nit);
    const tradeName = command.tradeName?.trim() || legalName;
    return [{ type: 'TenantRegistered', data: { tenantId: command.tenantId, nit, dv, legalName, tradeName, at: command.now.toISOString() } }];
  },
  evolve(_state, event) {
    const { tenantId, nit, dv, legalName, tradeName, at } = event.data;
    return { exists: true, id: tenantId, nit, dv, legalName, tradeName, createdAt: at };
  },
};
