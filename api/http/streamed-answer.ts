/**
 * The items, the one already read first (so a failure before any byte is still a problem document). Stopped early, it
 * stops the rest too, so their reads end and their outcome is logged.
 */
export async function* resumed<T>(first: IteratorResult<T>, rest: AsyncGenerator<T>): AsyncGenerator<T> {
  try {
    for (let next = first; !next.done; next = await rest.next()) yield next.value;
  } finally {
    await rest.return(undefined);
  }
}

/** The client went away, or stopped the transfer: nothing to answer any more. */
export const clientGone = (error: unknown) => (error as { code?: string } | null)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
