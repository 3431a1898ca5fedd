import { IDENTIFICATION_DOCUMENT_TYPES } from '../../../domain/catalogs/identification-document-types.ts';
import type { PartyView } from '../commercial/commercial-view.ts';
import type { Pdf } from './pdf-document.ts';
import { CONTENT, GAP } from './pdf-layout.ts';
import { band, pairsAt, type Pair } from './pdf-text.ts';

/** The counterparty (customer, or the seller of a support document) in two columns under a titled band. */
export function drawParty(pdf: Pdf, role: string, party: PartyView): void {
  const top = band(pdf, role, CONTENT.left, pdf.y, CONTENT.width);
  const half = (CONTENT.width - GAP) / 2;
  const documentType = IDENTIFICATION_DOCUMENT_TYPES.get(party.documentType) ?? party.documentType;
  const left: Pair[] = [
    ['Nombre o razón social', party.registrationName],
    ['Nombre comercial', party.tradeName],
    [documentType, party.dv === undefined ? party.identification : `${party.identification}-${party.dv}`],
    ['Responsabilidades fiscales', party.taxLevelCodes.join('; ')],
    ['Tributo', `${party.taxScheme.id} ${party.taxScheme.name}`],
  ];
  const right: Pair[] = [
    ['Dirección', party.address.line],
    ['Ciudad', [party.address.cityName, party.address.departmentName].filter(Boolean).join(', ')],
    ['País', party.address.countryName],
    ['Correo electrónico', party.email],
    ['Teléfono', party.phone],
  ];
  const bottom = Math.max(pairsAt(pdf, left, CONTENT.left + 4, top, half - 4), pairsAt(pdf, right, CONTENT.left + half + GAP, top, half - 4));
  pdf.y = bottom + GAP;
}
