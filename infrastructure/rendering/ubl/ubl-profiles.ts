import type { DocumentFamilyName } from '../../../domain/documents/document-family.ts';
import type { CommercialView } from '../commercial/commercial-view.ts';

/** CustomizationID (operation type) and ProfileID of each UBL family (reference §3.3, §3.4). */
interface UblProfile {
  customizationId(view: CommercialView): string;
  profileId: string;
}

const residentOrNot = (view: CommercialView) => (view.supplier.address.countryCode === 'CO' ? '10' : '11');

const UBL_PROFILES: Partial<Record<DocumentFamilyName, UblProfile>> = {
  'sales-invoice': { customizationId: () => '10', profileId: 'DIAN 2.1: Factura Electrónica de Venta' },
  'credit-note': {
    customizationId: (view) => (view.reference ? '20' : '22'),
    profileId: 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta',
  },
  'debit-note': {
    customizationId: (view) => (view.reference ? '30' : '32'),
    profileId: 'DIAN 2.1: Nota Débito de Factura Electrónica de Venta',
  },
  'support-document': {
    customizationId: residentOrNot,
    profileId: 'DIAN 2.1: documento soporte en adquisiciones efectuadas a no obligados a facturar.',
  },
  'adjustment-note': {
    customizationId: residentOrNot,
    profileId: 'DIAN 2.1: Nota de ajuste al documento soporte en adquisiciones efectuadas a sujetos no obligados a expedir factura o documento equivalente',
  },
};

export function ublProfileOf(family: DocumentFamilyName): UblProfile {
  const profile = UBL_PROFILES[family];
  if (!profile) throw new Error(`${family} is not a UBL document`);
  return profile;
}
