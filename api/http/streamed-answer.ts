/**
 * The items with the first one already read, so that a failure before any byte is still a problem document (the answer's
 * status and headers are set after this resolves). Stopped early, it stops the items too, so their reads end and their
 * outcome is logged.
 */
export async function started<T>(items: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await items.next();
  return (async function* resumed(): AsyncGenerator<T> {
    try {
      for (let next = first; !next.done; next = await items.next()) yield next.value;
    } finally {
      await items.return(undefined);
    }
  })();
}

/**
 * A streamed answer's pipeline, finished or cut short: a client that went away (or stopped the transfer) leaves nothing
 * to answer; any other failure is thrown, and the pipeline has already destroyed the answer, so the client sees it cut.
 */
export async function untilDoneOrGone(streaming: Promise<void>): Promise<void> {
  await streaming.catch((error: unknown) => {
    if ((error as { code?: string } | null)?.code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error;
  });
}
