import { Router } from 'express';
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from 'prom-client';
import type { SubscriptionHealth } from '../../application/health/subscription-health.ts';
import type { ServiceMetrics } from '../../infrastructure/metrics/service-metrics.ts';

type MetricsJson = Array<MetricObjectWithValues<MetricValue<string>>>;

export interface MetricsSources {
  metrics: ServiceMetrics;
  subscriptions(): Promise<SubscriptionHealth[]>;
  /** Metrics of other threads of this process (the workers thread), merged into the answer. */
  others(): Promise<MetricsJson[]>;
}

/** Prometheus text exposition at /metrics. */
export function metricsRoutes(sources: MetricsSources): Router {
  const router = Router();
  router.get('/metrics', async (_req, res) => {
    const { metrics } = sources;
    metrics.subscriptionLag.reset();
    for (const s of await sources.subscriptions().catch(() => [])) {
      // Unknown while the event store is down, and schedulers have none.
      if (s.lag !== '') metrics.subscriptionLag.set({ subscription: s.name, kind: s.kind, state: s.state }, Number(s.lag));
    }
    const local = (await metrics.registry.getMetricsAsJSON()) as MetricsJson;
    const others = await sources.others().catch(() => []);
    const merged = AggregatorRegistry.aggregate([local, ...others] as Parameters<typeof AggregatorRegistry.aggregate>[0]);
    res.type(merged.contentType).send(await merged.metrics());
  });
  return router;
}
