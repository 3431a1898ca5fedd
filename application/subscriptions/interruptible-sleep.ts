/** Timed waits that a stop can cut short all at once. */
export class InterruptibleSleep {
  private readonly sleepers = new Set<() => void>();

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  wakeAll(): void {
    for (const wake of this.sleepers) wake();
  }
}
