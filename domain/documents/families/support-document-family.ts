import {
  checkSupportDocumentRules,
  computeSupportDocumentTotals,
  normalizeSupportDocument,
  type SupportDocumentBody,
  type SupportDocumentTotals,
} from '../../support-document/index.ts';
import { defineFamily } from './define-family.ts';

export const supportDocumentFamily = defineFamily<SupportDocumentBody, SupportDocumentTotals>({
  name: 'support-document',
  streamCategory: 'supportDocument',
  uniqueCodeName: 'cuds',
  typeCode: '05',
  rules: checkSupportDocumentRules,
  normalize: normalizeSupportDocument,
  totals: computeSupportDocumentTotals,
  counterparty: 'provider',
});
