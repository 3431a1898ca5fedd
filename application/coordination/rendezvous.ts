import { createHash } from 'node:crypto';

/**
 * Highest-random-weight hashing: the member that should hold `item`. Every instance computes the same answer from
 * the same members, and when one member joins or leaves only the items it wins or held change hands.
 */
export function preferredMember(item: string, members: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestWeight = -1n;
  for (const member of members) {
    const weight = BigInt(`0x${createHash('sha256').update(`${item}\u0000${member}`).digest('hex').slice(0, 15)}`);
    if (weight > bestWeight || (weight === bestWeight && best !== undefined && member < best)) {
      best = member;
      bestWeight = weight;
    }
  }
  return best;
}
