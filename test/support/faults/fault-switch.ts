import { StoreUnavailableError } from '../../../application/ports/store-errors.ts';

type Store = StoreUnavailableError['store'];

/** A store outage the test turns on and off, or on for a while: calls meet a StoreUnavailableError meanwhile. */
export class FaultSwitch {
  private until = 0;
  private forever = false;
  /** How many calls met the fault. */
  fired = 0;

  constructor(
    private readonly store: Store,
    private readonly what: string,
  ) {}

  on(): void {
    this.forever = true;
  }

  off(): void {
    this.forever = false;
    this.until = 0;
  }

  /** On for `ms` from now, then off by itself. */
  for(ms: number): void {
    this.until = Date.now() + ms;
  }

  get active(): boolean {
    return this.forever || Date.now() < this.until;
  }

  /** Throws the outage's error when it is on. */
  check(operation: string): void {
    if (!this.active) return;
    this.fired += 1;
    throw this.error(operation);
  }

  error(operation: string): StoreUnavailableError {
    return new StoreUnavailableError(this.store, `${operation}: ${this.what} (injected fault)`);
  }
}
