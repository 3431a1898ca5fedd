/**
 * A namespace inside one KurrentDB: every stream name and event type gets its prefix on the way in and loses it on
 * the way out, so several deployments (or test runs) share a server without seeing each other. The empty namespace
 * (production) changes nothing.
 */
export class KurrentDbNamespace {
  constructor(readonly prefix: string = '') {
    if (prefix && !/^[A-Za-z][A-Za-z0-9]*_$/.test(prefix)) {
      throw new Error(`invalid event store namespace "${prefix}": letters and digits, starting with a letter, ending with "_"`);
    }
  }

  stream(streamId: string): string {
    return this.prefix + streamId;
  }

  type(type: string): string {
    return this.prefix + type;
  }

  /** The name without the prefix; undefined when it belongs to another namespace. */
  own(physical: string): string | undefined {
    return physical.startsWith(this.prefix) ? physical.slice(this.prefix.length) : undefined;
  }
}
