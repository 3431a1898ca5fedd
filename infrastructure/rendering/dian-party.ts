import { addressView } from './commercial/address-view.ts';
import type { PartyView } from './commercial/commercial-view.ts';
import { DIAN, NIT_DOCUMENT_TYPE } from './dian-constants.ts';

/** DIAN as the sender of its answers. */
export const DIAN_PARTY: PartyView = {
  documentType: NIT_DOCUMENT_TYPE,
  identification: DIAN.nit,
  dv: DIAN.dv,
  registrationName: DIAN.name,
  taxLevelCodes: [],
  taxScheme: { id: '01', name: 'IVA' },
  address: addressView('CO', '11001', undefined),
};
