/**
 * Questions sent to another thread or process and waiting for its answer, matched by id. An answer that does not
 * come within `timeoutMs` rejects the question with `"<who> did not answer"`; a late answer is dropped.
 */
export class PendingAnswers {
  private nextId = 1;
  private readonly waiting = new Map<number, (answer: unknown) => void>();

  constructor(
    private readonly who: string,
    private readonly timeoutMs: number,
  ) {}

  /** Sends the question (with the id its answer must carry) and waits for that answer. */
  ask<T>(send: (id: number) => void): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new Error(`${this.who} did not answer`));
      }, this.timeoutMs);
      this.waiting.set(id, (answer) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        resolve(answer as T);
      });
      send(id);
    });
  }

  answer(id: number, value: unknown): void {
    this.waiting.get(id)?.(value);
  }
}
