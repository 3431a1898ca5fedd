import { createHash } from 'node:crypto';
import type { ValidationIssue } from '../shared/validation-issue.ts';
import { EMPTY_COMPANY_PROFILE, PROFILE_FIELDS, type CompanyProfile, type LogoReference, type ProfileField, type ProfilePatch } from './company-profile.ts';
import { crossFieldIssues, FIELD_CHECKS } from './company-profile-rules.ts';
import { inspectLogo } from './logo-image.ts';

export interface PatchedProfile {
  profile: CompanyProfile;
  /** Fields whose value differs from the profile patched, in PROFILE_FIELDS order. */
  changed: ProfileField[];
  /** Every rule the patch breaks, naming the field; the profile is not to be kept when there is one. */
  issues: ValidationIssue[];
}

/** Applies a merge patch to a profile, checking every field it names and the rules between fields. */
export function patchProfile(current: CompanyProfile, patch: ProfilePatch): PatchedProfile {
  const profile: CompanyProfile = { ...current };
  const fields: Record<ProfileField, unknown> = profile;
  const issues: ValidationIssue[] = [];
  const touched = new Set(PROFILE_FIELDS.filter((field) => patch[field] !== undefined));
  for (const field of touched) {
    const checked = field === 'logo' ? logoOf(patch.logo) : patch[field] === null ? { value: EMPTY_COMPANY_PROFILE[field] } : FIELD_CHECKS[field](patch[field]);
    if ('message' in checked) issues.push({ field, message: checked.message });
    else fields[field] = checked.value;
  }
  if (issues.length === 0) issues.push(...crossFieldIssues(profile, touched));
  const changed = PROFILE_FIELDS.filter((field) => JSON.stringify(profile[field]) !== JSON.stringify(current[field]));
  return { profile, changed, issues };
}

/** The reference a logo's bytes are kept under: its SHA-256, media type, size and pixels; null removes it. */
function logoOf(bytes: Uint8Array | null | undefined): { value: LogoReference | null } | { message: string } {
  if (bytes === null || bytes === undefined) return { value: null };
  if (!(bytes instanceof Uint8Array)) return { message: 'must be the image bytes (base64 in JSON)' };
  const inspected = inspectLogo(bytes);
  if (!inspected.ok) return { message: inspected.reason };
  return { value: { sha256: createHash('sha256').update(bytes).digest('hex'), ...inspected.image } };
}
