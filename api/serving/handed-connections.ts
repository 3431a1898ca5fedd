import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * An HTTP server that does not listen: it serves connections accepted elsewhere (the supervisor's, handed over).
 * Node's server counts only the connections it accepted itself, so its close() would not wait for these: they are
 * tracked here instead.
 */
export class HandedConnections {
  private readonly sockets = new Set<Socket>();
  private readonly busy = new Set<ServerResponse>();
  private closing = false;

  constructor(private readonly server: Server) {
    // What Node does for a server once it listens: the list of its connections, which closeIdleConnections() and the
    // headers and request timeouts (a client that sends its request slowly) work from.
    server.emit('listening');
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      // Once closing, each answer is the connection's last.
      if (this.closing) response.shouldKeepAlive = false;
      this.busy.add(response);
      response.once('close', () => {
        this.busy.delete(response);
        if (this.closing) this.server.closeIdleConnections();
      });
    });
  }

  take(socket: Socket): void {
    // What a listening HTTP server sets on each socket it accepts itself (Nagle's delay off, as Node's http does; the
    // answer may still be written after the client half-closed).
    socket.setNoDelay(true);
    socket.allowHalfOpen = true;
    this.sockets.add(socket);
    socket.once('close', () => this.sockets.delete(socket));
    this.server.emit('connection', socket);
    // Paused since it was accepted, so that nothing was read before it got here.
    socket.resume();
  }

  /** Lets the requests in flight finish: idle connections close now, the others once their answer is sent. */
  async close(): Promise<void> {
    this.closing = true;
    for (const response of this.busy) if (!response.headersSent) response.shouldKeepAlive = false;
    this.server.closeIdleConnections();
    while (this.sockets.size > 0) {
      const [socket] = this.sockets;
      await new Promise((resolve) => socket.once('close', resolve));
    }
  }
}
