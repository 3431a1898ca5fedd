import { normalizeCustomer, normalizeItem } from '../sales-invoice/normalize-sales-invoice.ts';
import type { NoteBody } from './note-body.ts';

/** Fills the sales-invoice defaults of the customer and the lines; payment details stay as sent (optional). */
export function normalizeNote<Body extends NoteBody>(body: Body): Body {
  const { customer } = body;
  return {
    ...body,
    ...(customer && { customer: normalizeCustomer(customer) }),
    items: (body.items ?? []).map(normalizeItem),
  };
}
