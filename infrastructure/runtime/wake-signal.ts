/**
 * A wake-up sent at once, however often it is asked for: the first call of an event-loop turn posts immediately, and
 * any further calls in that turn post once more on the next turn (so the last of them is never lost). At most two
 * posts a turn, none delayed behind the rest of the turn's work.
 */
export function wakeSignal(post: () => void): () => void {
  let postedThisTurn = false;
  let askedAgain = false;
  return () => {
    if (postedThisTurn) {
      askedAgain = true;
      return;
    }
    post();
    postedThisTurn = true;
    setImmediate(() => {
      postedThisTurn = false;
      if (!askedAgain) return;
      askedAgain = false;
      post();
    });
  };
}
