import type { Server } from 'node:net';

/**
 * Listens on `port` (0: any free one) and resolves with the port it got; when it cannot, rejects saying which port
 * and why (`cannot listen on port 3000: EADDRINUSE`, the error's code kept on it).
 */
export function listenOn(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const refused = (error: NodeJS.ErrnoException) =>
      reject(Object.assign(new Error(`cannot listen on port ${port}: ${error.code ?? error.message}`, { cause: error }), { code: error.code }));
    server.once('error', refused);
    server.listen(port, () => {
      server.off('error', refused);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
