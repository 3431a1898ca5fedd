/** How long a busy thread leaves between the starts of its group commits, in ms. */
export const PACED_GAP_MS = 8;

/** The share of its time a thread must have been busy, over its last measured stretch, for its commits to be spaced. */
export const PACED_WHEN_BUSY = 0.8;

/** How long each stretch of the thread's time over which its busy share is measured lasts, at least, in ms. */
const BUSY_STRETCH_MS = 100;

export interface CommitPacingOptions {
  /** Whether the commits are spaced at all (asked before each group). */
  applies(): boolean;
  /** Starts measuring how busy this thread is; the function returned answers the share of time busy since (0 to 1). */
  measureBusy(): () => number;
  now(): number;
}

/**
 * Spaces the group commits of a busy thread whose own subscriptions take what it appends (the workers thread: the
 * process managers' appends wake its projections). Each commit costs the thread a turn of work whatever it holds (a
 * transaction, the log tail's read, every woken subscription's pass and their read-model writes), so once the thread
 * is mostly busy, a group started within PACED_GAP_MS of the last one waits out the rest of that gap and gathers the
 * appends asked for meanwhile. A thread less busy than PACED_WHEN_BUSY commits at once, so a document at a time loses
 * nothing on its way to `validated`.
 */
export class CommitPacing {
  private lastCommitAt = Number.NEGATIVE_INFINITY;
  private stretch: (() => number) | undefined;
  private stretchStartedAt = 0;
  private busyShare = 0;

  constructor(private readonly options: CommitPacingOptions) {}

  committed(): void {
    this.lastCommitAt = this.options.now();
  }

  /** How long the next group waits before it is written, in ms (0: at once). */
  delay(): number {
    if (!this.options.applies()) return 0;
    const now = this.options.now();
    if (this.stretch === undefined || now - this.stretchStartedAt >= BUSY_STRETCH_MS) {
      if (this.stretch !== undefined) this.busyShare = this.stretch();
      this.stretch = this.options.measureBusy();
      this.stretchStartedAt = now;
    }
    if (this.busyShare < PACED_WHEN_BUSY) return 0;
    const left = this.lastCommitAt + PACED_GAP_MS - now;
    return left >= 1 ? Math.ceil(left) : 0;
  }
}
