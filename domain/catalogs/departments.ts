import { DEPARTAMENTOS } from './generated/departamentos.ts';

/** Department codes: the first 2 digits of a municipality code (cbc:CountrySubentityCode). */
export const DEPARTMENTS: ReadonlyMap<string, string> = DEPARTAMENTOS;

export function departmentOf(municipalityCode: string): string {
  return municipalityCode.slice(0, 2);
}
