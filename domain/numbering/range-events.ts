/** What happens on a resolution's range stream. The Sandbox* types are the built-in sandbox's older names, still read. */
export type RangeEvent =
  | { type: 'NumberReserved'; data: { documentId: string; at: string } }
  | { type: 'NumberAssigned'; data: { documentId: string; number: string; consecutive: number; at?: string } }
  | { type: 'ReservationReleased'; data: { documentId: string; reason: string; at: string } }
  | { type: 'NumberWithdrawn'; data: { documentId: string; at?: string } }
  /** The authority rejected the document that held the number: it is free again (DIAN validates a rejected number anew). */
  | { type: 'NumberReturned'; data: { documentId: string; number: string; consecutive: number; reason: string; at: string } }
  | { type: 'SandboxNumberAssigned'; data: { documentId: string; number: string; consecutive: number } }
  | { type: 'SandboxDocumentWithdrawn'; data: { documentId: string } };

export const RANGE_EVENT_TYPES: readonly RangeEvent['type'][] = [
  'NumberReserved',
  'NumberAssigned',
  'ReservationReleased',
  'NumberWithdrawn',
  'NumberReturned',
  'SandboxNumberAssigned',
  'SandboxDocumentWithdrawn',
];
