/**
 * The floor the service is compared against: a bare express 5 app that parses the same JSON body with
 * express.json() and answers 202 with a small JSON, and does nothing else. Run as a child process by
 * bench/baseline.ts: `PORT=<port> node --import tsx bench/baseline-server.ts`.
 */
import { randomUUID } from 'node:crypto';
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.use(express.json({ limit: 1_048_576, strict: false }));
app.get('/health', (_req, res) => {
  res.json({ status: 'ok' });
});
app.post('/invoices/v1/sales-invoices', (req, res) => {
  const id = randomUUID();
  const valid = typeof req.body === 'object' && req.body !== null && Array.isArray(req.body.items);
  res.status(valid ? 202 : 400).json({ id, status: valid ? 'pending' : 'invalid', links: { self: `/invoices/v1/sales-invoices/${id}` } });
});

const server = app.listen(Number(process.env.PORT ?? 0));
server.once('listening', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ msg: 'listening', port: typeof address === 'object' && address ? address.port : null })}\n`);
});
const stop = () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
