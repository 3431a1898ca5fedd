import { Router } from 'express';
import type { HealthCheck } from '../../application/health/health-check.ts';

export function healthRoutes(health: HealthCheck): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const readiness = await health.readiness();
    res.status(readiness.ready ? 200 : 503).json({ status: readiness.ready ? 'ready' : 'not_ready', ...readiness });
  });
  return router;
}
