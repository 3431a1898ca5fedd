import { createHash } from 'node:crypto';

function weight(item: string, member: string): bigint {
  return BigInt(`0x${createHash('sha256').update(`${item}\u0000${member}`).digest('hex').slice(0, 15)}`);
}

/**
 * Which member should hold each item. Every instance computes the same answer from the same members: items in name
 * order each go to the member that ranks highest for it (rendezvous hashing) among those with room left, and room is
 * an even share (items ÷ members, the remainder going to the first members by id). So the work is spread evenly,
 * never all on one member by chance, and a member joining or leaving moves few items.
 */
export function assignWork(items: readonly string[], members: readonly string[]): Map<string, string> {
  const assignment = new Map<string, string>();
  const ids = [...new Set(members)].sort();
  if (ids.length === 0) return assignment;
  const share = Math.floor(items.length / ids.length);
  const room = new Map(ids.map((id, index) => [id, share + (index < items.length % ids.length ? 1 : 0)]));
  for (const item of [...items].sort()) {
    const weights = new Map(ids.map((id) => [id, weight(item, id)]));
    // Highest weight first; ids are unique and sorted, so equal weights keep id order.
    const ranked = [...ids].sort((a, b) => (weights.get(b)! > weights.get(a)! ? 1 : weights.get(b)! < weights.get(a)! ? -1 : 0));
    const chosen = ranked.find((id) => room.get(id)! > 0) ?? ranked[0];
    room.set(chosen, room.get(chosen)! - 1);
    assignment.set(item, chosen);
  }
  return assignment;
}
