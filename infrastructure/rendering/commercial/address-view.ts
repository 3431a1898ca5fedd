import { COLOMBIA, COUNTRIES } from '../../../domain/catalogs/countries.ts';
import { DEPARTMENTS, departmentOf } from '../../../domain/catalogs/departments.ts';
import { MUNICIPALITIES } from '../../../domain/catalogs/municipalities.ts';
import type { AddressView } from './commercial-view.ts';

/** Country, and for Colombia the DIVIPOLA municipality with its department, named from the DIAN lists. */
export function addressView(countryCode: string, municipalityCode: string | undefined, line: string | undefined, postalZone?: string): AddressView {
  const colombian = countryCode === COLOMBIA && municipalityCode !== undefined;
  const departmentCode = colombian ? departmentOf(municipalityCode) : undefined;
  return {
    countryCode,
    countryName: COUNTRIES.get(countryCode) ?? countryCode,
    ...(colombian && {
      municipalityCode,
      cityName: MUNICIPALITIES.get(municipalityCode),
      departmentCode,
      departmentName: DEPARTMENTS.get(departmentCode!),
    }),
    ...(line && { line }),
    ...(postalZone && { postalZone }),
  };
}
