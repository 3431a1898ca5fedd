import type { Decider } from '../shared/decider.ts';
import { DomainError } from '../shared/domain-error.ts';
import { nitCheckDigit } from '../shared/nit-check-digit.ts';
import { EMPTY_COMPANY_PROFILE, type CompanyProfile, type ProfileField, type ProfilePatch } from './company-profile.ts';
import { InvalidCompanyProfileError } from './company-profile-errors.ts';
import { patchProfile } from './company-profile-patch.ts';

export interface TenantState {
  exists: boolean;
  id: string;
  nit: string;
  dv: string;
  legalName: string;
  tradeName: string;
  createdAt: string;
  /** Empty (every field null) until an operator sets it. */
  profile: CompanyProfile;
  profileUpdatedAt: string | null;
}

interface TenantRegistered {
  type: 'TenantRegistered';
  data: { tenantId: string; nit: string; dv: string; legalName: string; tradeName: string; at: string };
}

/** The whole profile after an update (the merge is resolved before the event), and which fields it changed. */
interface CompanyProfileUpdated {
  type: 'CompanyProfileUpdated';
  data: { tenantId: string; profile: CompanyProfile; changed: ProfileField[]; at: string };
}

export type TenantEvent = TenantRegistered | CompanyProfileUpdated;

export interface RegisterTenant {
  type: 'RegisterTenant';
  tenantId: string;
  /** NIT body, optionally followed by `-DV`. */
  nit: string;
  legalName: string;
  tradeName?: string;
  now: Date;
}

/** A merge patch of the profile; a patch that changes nothing records nothing. */
export interface UpdateCompanyProfile {
  type: 'UpdateCompanyProfile';
  patch: ProfilePatch;
  now: Date;
}

type TenantCommand = RegisterTenant | UpdateCompanyProfile;

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

function register(command: RegisterTenant, state: TenantState): TenantEvent[] {
  if (state.exists) throw new DomainError('already_exists', `tenant ${state.id} already exists`);
  const legalName = command.legalName.trim();
  if (!legalName) throw new DomainError('invalid_name', 'the legal name must not be empty');
  const { nit, dv } = parseNit(command.nit);
  const tradeName = command.tradeName?.trim() || legalName;
  return [{ type: 'TenantRegistered', data: { tenantId: command.tenantId, nit, dv, legalName, tradeName, at: command.now.toISOString() } }];
}

function updateProfile(command: UpdateCompanyProfile, state: TenantState): TenantEvent[] {
  if (!state.exists) throw new DomainError('not_found', 'no such tenant');
  const { profile, changed, issues } = patchProfile(state.profile, command.patch);
  if (issues.length > 0) throw new InvalidCompanyProfileError(issues);
  if (changed.length === 0) return [];
  return [{ type: 'CompanyProfileUpdated', data: { tenantId: state.id, profile, changed, at: command.now.toISOString() } }];
}

export const tenantDecider: Decider<TenantCommand, TenantEvent, TenantState> = {
  initialState: () => ({ exists: false, id: '', nit: '', dv: '', legalName: '', tradeName: '', createdAt: '', profile: EMPTY_COMPANY_PROFILE, profileUpdatedAt: null }),
  decide(command, state) {
    return command.type === 'RegisterTenant' ? register(command, state) : updateProfile(command, state);
  },
  evolve(state, event) {
    if (event.type === 'CompanyProfileUpdated') return { ...state, profile: event.data.profile, profileUpdatedAt: event.data.at };
    const { tenantId, nit, dv, legalName, tradeName, at } = event.data;
    return { ...state, exists: true, id: tenantId, nit, dv, legalName, tradeName, createdAt: at };
  },
};
