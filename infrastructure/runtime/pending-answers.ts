interface Waiting {
  answer(value: unknown): void;
  fail(error: Error): void;
}

/**
 * Questions sent to another thread or process and waiting for its answer, matched by id. An answer that does not
 * come within `timeoutMs` rejects the question with `"<who> did not answer"`; a late answer is dropped.
 */
export class PendingAnswers {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();

  constructor(
    private readonly who: string,
    private readonly timeoutMs: number,
  ) {}

  /** Sends the question (with the id its answer must carry) and waits for that answer. */
  ask<T>(send: (id: number) => void): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        this.waiting.delete(id);
      };
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${this.who} did not answer`));
      }, this.timeoutMs);
      this.waiting.set(id, {
        answer: (value) => {
          settle();
          resolve(value as T);
        },
        fail: (error) => {
          settle();
          reject(error);
        },
      });
      send(id);
    });
  }

  answer(id: number, value: unknown): void {
    this.waiting.get(id)?.answer(value);
  }

  /** The other side is gone: every question waiting fails now with `error` instead of at its timeout. */
  failAll(error: Error): void {
    for (const waiting of [...this.waiting.values()]) waiting.fail(error);
  }
}
