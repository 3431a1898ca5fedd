/**
 * Sets `key` as the newest entry of `map`, dropping the oldest when it already holds `max`. A Map iterates in insertion
 * order, so the first key is the one set longest ago (a key set again becomes the newest).
 */
export function keepBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
