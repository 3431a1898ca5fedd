/** The store faults a runner is retrying right now, by where they happen (the subscription, the checkpoint, an event). */
export class StoreFaults {
  private readonly faults = new Map<string, unknown>();
  private firstAt: number | null = null;

  /** Records a fault; answers its message. */
  set(where: string, error: unknown): string {
    this.faults.set(where, error);
    this.firstAt ??= Date.now();
    return error instanceof Error ? error.message : String(error);
  }

  /** Forgets the fault at `where`; answers whether that was the last one. */
  clear(where: string): boolean {
    if (!this.faults.delete(where) || this.faults.size > 0) return false;
    this.firstAt = null;
    return true;
  }

  reset(): void {
    this.faults.clear();
    this.firstAt = null;
  }

  /** Since when a fault has been retried, while one is. */
  get since(): number | null {
    return this.firstAt;
  }
}
