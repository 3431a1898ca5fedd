import { performance } from 'node:perf_hooks';
import type { ClientCpu } from './load-spec.ts';

/** Starts measuring this process's CPU; the returned function gives the use since then. */
export function measureCpu(): () => ClientCpu {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  return () => {
    const used = process.cpuUsage(cpu);
    const wallMs = performance.now() - wall;
    const userMs = used.user / 1000;
    const systemMs = used.system / 1000;
    return { userMs, systemMs, wallMs, coreShare: wallMs > 0 ? (userMs + systemMs) / wallMs : 0 };
  };
}
