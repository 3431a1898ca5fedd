/**
 * Events may finish out of order when handled concurrently; the checkpoint only moves past a position
 * once every event before it has finished, so a restart never skips one.
 */
export class CheckpointTracker {
  private readonly inFlight: Array<{ position: bigint; done: boolean }> = [];
  private safe: bigint | undefined;

  constructor(start: bigint | undefined) {
    this.safe = start;
  }

  started(position: bigint): void {
    this.inFlight.push({ position, done: false });
  }

  finished(position: bigint): void {
    const entry = this.inFlight.find((item) => item.position === position);
    if (entry) entry.done = true;
    while (this.inFlight.length > 0 && this.inFlight[0].done) this.safe = this.inFlight.shift()!.position;
  }

  /** The highest position up to which every event has been handled. */
  get position(): bigint | undefined {
    return this.safe;
  }

  get pending(): number {
    return this.inFlight.length;
  }
}
