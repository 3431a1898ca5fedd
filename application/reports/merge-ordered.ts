/**
 * The items of several sequences, each already in `compare`'s order, as one sequence in that order: one item of each
 * is held at a time. Stopped early, it stops every sequence, so their reads end.
 */
export async function* mergeOrdered<T>(sequences: ReadonlyArray<AsyncGenerator<T>>, compare: (a: T, b: T) => number): AsyncGenerator<T> {
  try {
    const heads = await Promise.all(sequences.map((sequence) => sequence.next()));
    for (;;) {
      let next = -1;
      heads.forEach((head, index) => {
        if (!head.done && (next < 0 || compare(head.value, (heads[next] as IteratorYieldResult<T>).value) < 0)) next = index;
      });
      if (next < 0) return;
      yield (heads[next] as IteratorYieldResult<T>).value;
      heads[next] = await sequences[next].next();
    }
  } finally {
    await Promise.all(sequences.map((sequence) => sequence.return(undefined)));
  }
}
