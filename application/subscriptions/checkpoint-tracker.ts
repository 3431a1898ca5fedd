/**
 * Events may finish out of order when handled concurrently; the checkpoint only moves past a position
 * once every event before it has finished, so a restart never skips one.
 */
export class CheckpointTracker {
  private readonly inFlight: Array<{ position: bigint; done: boolean }> = [];
  private safe: bigint | undefined;
  private seen: bigint | undefined;

  constructor(start: bigint | undefined) {
    this.safe = start;
    this.seen = start;
  }

  started(position: bigint): void {
    this.inFlight.push({ position, done: false });
    this.seen = position;
  }

  finished(position: bigint): void {
    const entry = this.inFlight.find((item) => item.position === position);
    if (entry) entry.done = true;
    this.advance();
  }

  /**
   * The subscription delivered every event the handler takes up to `position`: once the events before it have
   * finished, the checkpoint may move there. A position at or before the last event seen adds nothing (a server may
   * report one late).
   */
  reached(position: bigint): void {
    if (this.seen !== undefined && position <= this.seen) return;
    this.seen = position;
    this.inFlight.push({ position, done: true });
    this.advance();
  }

  private advance(): void {
    while (this.inFlight.length > 0 && this.inFlight[0].done) {
      const { position } = this.inFlight.shift()!;
      if (this.safe === undefined || position > this.safe) this.safe = position;
    }
  }

  /** The highest position up to which every event has been handled. */
  get position(): bigint | undefined {
    return this.safe;
  }

  /** Events started and not finished yet. */
  get pending(): number {
    return this.inFlight.filter((item) => !item.done).length;
  }
}
