import { createServer, type Server, type Socket } from 'node:net';
import { listenOn } from '../listen-on.ts';

/** An HTTP process as the balancer sees it: something a connection can be sent to. */
export interface ConnectionTaker {
  send(message: { type: 'http-process:connection' }, socket: Socket, callback: (error: Error | null) => void): unknown;
}

/** Connections accepted while no HTTP process can take one (all of them starting again) wait, up to this many. */
const MAX_WAITING = 1_000;

/**
 * The supervisor accepts the service's connections on PORT and hands each to the HTTP process with the fewest open,
 * among equals the one that got one longest ago. Node's cluster hands them round robin, but to whichever process has
 * acknowledged its last one: a client pool opening ten connections at once left 3 and 7, or 4 and 6, in the two
 * processes (measured), and with long-lived keep-alive connections the busier process then bounds the service.
 */
export class ConnectionBalancer<T extends ConnectionTaker> {
  private readonly server: Server;
  /** The processes taking connections, with how many of theirs are open; Map order breaks ties (oldest first). */
  private readonly open = new Map<T, number>();
  private readonly waiting: Socket[] = [];
  private closing = false;

  constructor() {
    this.server = createServer({ pauseOnConnect: true }, (socket) => this.hand(socket));
  }

  /** Listens on `port` (0: any free one); resolves with the port, rejects when it cannot listen. */
  listen(port: number): Promise<number> {
    return listenOn(this.server, port);
  }

  /** `taker` takes connections from now on. */
  add(taker: T): void {
    this.open.set(taker, 0);
    for (const socket of this.waiting.splice(0)) this.hand(socket);
  }

  /** `taker` takes no more (it exited); the connections it had went with it. */
  remove(taker: T): void {
    this.open.delete(taker);
  }

  /** One of `taker`'s connections closed. */
  closed(taker: T): void {
    const count = this.open.get(taker);
    if (count !== undefined) this.open.set(taker, Math.max(0, count - 1));
  }

  /** How many connections each process has open, in the order they would be chosen among equals. */
  counts(): number[] {
    return [...this.open.values()];
  }

  /** Takes no more connections (the port is free at once); those waiting for a process are closed. */
  close(): void {
    this.closing = true;
    for (const socket of this.waiting.splice(0)) socket.destroy();
    this.server.close();
  }

  private hand(socket: Socket): void {
    if (this.closing) return void socket.destroy();
    const taker = this.fewest();
    if (taker === undefined) {
      if (this.waiting.length >= MAX_WAITING) return void socket.destroy();
      this.waiting.push(socket);
      return;
    }
    // Moved to the end, so that among equals the next connection goes to another process.
    const count = this.open.get(taker)!;
    this.open.delete(taker);
    this.open.set(taker, count + 1);
    taker.send({ type: 'http-process:connection' }, socket, (error) => {
      if (!error) return;
      // Its channel is closed (it is exiting): the connection is still here, for another process.
      this.remove(taker);
      this.hand(socket);
    });
  }

  private fewest(): T | undefined {
    let chosen: T | undefined;
    let least = Number.POSITIVE_INFINITY;
    for (const [taker, count] of this.open) {
      if (count < least) {
        chosen = taker;
        least = count;
      }
    }
    return chosen;
  }
}
