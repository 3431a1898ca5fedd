import { Gauge, type Registry } from 'prom-client';
import type { ResolutionUsage } from '../../domain/numbering/resolution-usage.ts';
import { usageWarnings } from '../../domain/numbering/resolution-usage.ts';

const LABELS = ['tenant', 'environment', 'family', 'prefix', 'resolution'] as const;

/**
 * Per active resolution, read when scraped: numbers left, days to expiry, and whether it warns (10 % or fewer numbers
 * left, or expiring within 30 days), so an alert can fire before a company stops being able to issue. Every thread
 * answers the same values, so merged answers take the largest rather than adding them up.
 */
export function registerResolutionMetrics(registry: Registry, usages: () => Promise<ResolutionUsage[]>): void {
  let latest: Promise<ResolutionUsage[]> | null = null;
  // One read serves the three gauges of a scrape.
  const read = () => (latest ??= usages().finally(() => setTimeout(() => (latest = null), 500).unref()));
  const gauge = (name: string, help: string, value: (usage: ResolutionUsage) => number) =>
    new Gauge({
      name,
      help,
      labelNames: LABELS,
      aggregator: 'max',
      registers: [registry],
      async collect() {
        this.reset();
        for (const usage of (await read().catch(() => [])).filter((u) => !u.resolution.retiredAt)) {
          const r = usage.resolution;
          this.set({ tenant: r.tenantId, environment: r.environment, family: r.family, prefix: r.prefix, resolution: r.number }, value(usage));
        }
      },
    });
  gauge('numbering_resolution_remaining_numbers', 'Numbers a resolution has left (neither assigned nor reserved)', (u) => u.remaining);
  gauge('numbering_resolution_days_to_expiry', 'Days until a resolution expires (negative once expired)', (u) => u.daysToExpiry);
  gauge('numbering_resolution_warning', '1 when a resolution is running out (10 % or fewer left) or expires within 30 days', (u) => (usageWarnings(u).length > 0 ? 1 : 0));
}
