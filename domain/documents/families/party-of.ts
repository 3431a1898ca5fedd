/** Identification and display name of a customer or provider object of a body. */
export function partyOf(value: unknown): { identification: string; name: string } {
  const party = (value ?? {}) as Record<string, unknown>;
  const name = party.company ?? party.names ?? party.trade_name ?? '';
  return { identification: String(party.identification ?? ''), name: String(name) };
}
