import type { ValidationIssue } from '../shared/validation-issue.ts';
import { isEmailAddress } from './email-address.ts';
import type { Brand } from './brand.ts';

export const BRAND_SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
// Colors go into CSS unescaped, so only #rgb / #rrggbb are admitted.
const COLOR = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Every rule a brand breaks, naming the field. */
export function checkBrand(brand: Brand): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  if (!BRAND_SLUG.test(brand.slug)) issues.push({ field: 'slug', message: 'must be lower-case letters, digits and dashes (1 to 64)' });
  if (brand.name.trim() === '') issues.push({ field: 'name', message: 'is required' });
  if (brand.logoUrl !== null && !isHttpUrl(brand.logoUrl)) issues.push({ field: 'logo', message: 'must be an http(s) URL' });
  for (const key of ['primary', 'secondary'] as const) {
    if (!COLOR.test(brand.colors[key])) issues.push({ field: `colors.${key}`, message: 'must be a hex color such as #1f4e79' });
  }
  if (brand.legal.legalName.trim() === '') issues.push({ field: 'legal.legalName', message: 'is required' });
  if (!/^\d{5,15}(-\d)?$/.test(brand.legal.nit)) issues.push({ field: 'legal.nit', message: 'must be a NIT such as 900123456-8' });
  if (brand.legal.email !== null && !isEmailAddress(brand.legal.email)) issues.push({ field: 'legal.email', message: 'must be an e-mail address' });
  if (brand.legal.website !== null && !isHttpUrl(brand.legal.website)) issues.push({ field: 'legal.website', message: 'must be an http(s) URL' });
  return issues;
}
