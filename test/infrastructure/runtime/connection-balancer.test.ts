import { expect } from 'chai';
import { connect, createServer, type Socket } from 'node:net';
import { ConnectionBalancer, type ConnectionTaker } from '../../../infrastructure/runtime/http-processes/connection-balancer.ts';

/** An HTTP process as the balancer sees it: keeps what it is handed, or fails the send when its channel is closed. */
class Taker implements ConnectionTaker {
  readonly sockets: Socket[] = [];
  channelClosed = false;

  constructor(readonly name: string) {}

  send(_message: { type: 'http-process:connection' }, socket: Socket, callback: (error: Error | null) => void): boolean {
    setImmediate(() => {
      if (this.channelClosed) return callback(new Error('Channel closed'));
      this.sockets.push(socket);
      callback(null);
    });
    return true;
  }
}

describe('ConnectionBalancer: the supervisor hands each connection to the HTTP process with the fewest open', () => {
  let balancer: ConnectionBalancer<Taker>;
  let port: number;
  const clients: Socket[] = [];

  beforeEach(async () => {
    balancer = new ConnectionBalancer<Taker>();
    port = await balancer.listen(0);
  });

  afterEach(() => {
    balancer.close();
    for (const client of clients.splice(0)) client.destroy();
  });

  async function open(count: number): Promise<void> {
    await Promise.all(
      Array.from({ length: count }, () => {
        const client = connect(port, '127.0.0.1');
        clients.push(client);
        return new Promise((resolve) => client.once('connect', resolve));
      }),
    );
  }

  /** Two processes taking connections, added in that order. */
  function twoProcesses(): [Taker, Taker] {
    const [a, b] = [new Taker('a'), new Taker('b')];
    balancer.add(a);
    balancer.add(b);
    return [a, b];
  }

  const until = async (check: () => boolean) => {
    for (let wait = 0; !check(); wait += 1) {
      if (wait > 200) throw new Error('not in time');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('given ten connections opened at once, then two processes get five each, whatever order they come in', async () => {
    const [a, b] = twoProcesses();
    await open(10);
    await until(() => a.sockets.length + b.sockets.length === 10);
    expect([a.sockets.length, b.sockets.length]).to.deep.equal([5, 5]);
  });

  it('given a process whose connections closed, then the next ones go to it until the counts are even', async () => {
    const [a, b] = twoProcesses();
    await open(4);
    await until(() => a.sockets.length + b.sockets.length === 4);
    balancer.closed(a);
    balancer.closed(a);
    await open(3);
    await until(() => a.sockets.length + b.sockets.length === 7);
    // a had 0 open and b 2: a takes two to catch up, then the third goes to whichever got one longest ago (b).
    expect([a.sockets.length, b.sockets.length]).to.deep.equal([4, 3]);
    expect(balancer.counts().sort()).to.deep.equal([2, 3]);
  });

  it('given no process ready, then connections wait and go to the first that is; one that exited takes none', async () => {
    const a = new Taker('a');
    const gone = new Taker('gone');
    balancer.add(gone);
    balancer.remove(gone);
    await open(3);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(a.sockets.length + gone.sockets.length).to.equal(0);
    balancer.add(a);
    await until(() => a.sockets.length === 3);
    expect(gone.sockets).to.have.length(0);
  });

  it('given a process whose channel is closed, then the connection goes to another instead of being lost', async () => {
    const [closing, open2] = [new Taker('closing'), new Taker('open')];
    closing.channelClosed = true;
    balancer.add(closing);
    balancer.add(open2);
    await open(2);
    await until(() => open2.sockets.length === 2);
    expect(closing.sockets).to.have.length(0);
    expect(balancer.counts()).to.deep.equal([2]);
  });

  it('given close, then the port is free at once and connections waiting for a process are closed', async () => {
    await open(1);
    const waiting = clients[0];
    const ended = new Promise((resolve) => waiting.once('close', resolve));
    // Accepted by then, and waiting: no process was ever added.
    await new Promise((resolve) => setTimeout(resolve, 50));
    balancer.close();
    await ended;
    const again = createServer();
    await new Promise<void>((resolve, reject) => again.once('error', reject).listen(port, resolve));
    await new Promise((resolve) => again.close(resolve));
  });

  it('given a port taken, then listen is refused', async () => {
    const other = new ConnectionBalancer<Taker>();
    const error = await other.listen(port).then(() => null, (caught: NodeJS.ErrnoException) => caught);
    expect(error?.code).to.equal('EADDRINUSE');
  });
});
