import { Router } from 'express';
import type { HealthCheck } from '../../application/health/health-check.ts';
import { withoutUrlPasswords } from '../../infrastructure/config/url-passwords.ts';

export function healthRoutes(health: Pick<HealthCheck, 'readiness'>): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const readiness = await health.readiness();
    // Unauthenticated, and a store's or a worker's error may echo a connection string.
    const body = JSON.stringify({ status: readiness.ready ? 'ready' : 'not_ready', ...readiness });
    res.status(readiness.ready ? 200 : 503).type('json').send(withoutUrlPasswords(body));
  });
  return router;
}
