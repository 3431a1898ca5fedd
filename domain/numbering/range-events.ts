/** What happens on a resolution's range stream. The Sandbox* types are the built-in sandbox's older names, still read. */
export type RangeEvent =
  | { type: 'NumberReserved'; data: { documentId: string; at: string } }
  | { type: 'NumberAssigned'; data: { documentId: string; number: string; consecutive: number; at?: string } }
  | { type: 'ReservationReleased'; data: { documentId: string; reason: string; at: string } }
  | { type: 'NumberWithdrawn'; data: { documentId: string; at?: string } }
  | { type: 'SandboxNumberAssigned'; data: { documentId: string; number: string; consecutive: number } }
  | { type: 'SandboxDocumentWithdrawn'; data: { documentId: string } };

export const RANGE_EVENT_TYPES: readonly RangeEvent['type'][] = [
  'NumberReserved',
  'NumberAssigned',
  'ReservationReleased',
  'NumberWithdrawn',
  'SandboxNumberAssigned',
  'SandboxDocumentWithdrawn',
];
