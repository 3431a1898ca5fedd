import type { NextFunction, Request, Response } from 'express';
import type { ServiceMetrics } from './service-metrics.ts';

/** Requests by the route pattern that served them (not the raw path, which would explode the label set). */
export function httpMetrics(metrics: ServiceMetrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      const route = req.route?.path ? `${req.baseUrl}${String(req.route.path)}` : 'unmatched';
      const labels = { method: req.method, route, status: String(res.statusCode) };
      metrics.httpRequests.inc(labels);
      end(labels);
    });
    next();
  };
}
