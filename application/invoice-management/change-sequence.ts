/**
 * The keyset of invoice lists: the log position of a document's last event, as a fixed-width decimal string so that
 * string order is numeric order in every read-model store (KurrentDB positions do not fit a double).
 */
export function changeSequenceOf(position: bigint): string {
  return position.toString().padStart(20, '0');
}

export const CHANGE_SEQUENCE = /^\d{20}$/;
