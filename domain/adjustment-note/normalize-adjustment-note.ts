import { normalizeProvider, normalizeSupportDocumentItem } from '../support-document/normalize-support-document.ts';
import type { AdjustmentNoteBody } from './adjustment-note-body.ts';

/** The support-document defaults of the provider and the lines; payment details stay as sent (optional). */
export function normalizeAdjustmentNote(body: AdjustmentNoteBody): AdjustmentNoteBody {
  const { provider } = body;
  return {
    ...body,
    ...(provider && { provider: normalizeProvider(provider) }),
    items: (body.items ?? []).map(normalizeSupportDocumentItem),
  };
}
