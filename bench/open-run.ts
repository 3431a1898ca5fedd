import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { judgeLag, LAG_RULE, type LagVerdict } from './lag-rule.ts';
import { relativeTo, sampleLag } from './lag-sampler.ts';
import type { OpenLoopResult } from './load-spec.ts';
import { ISSUE_PATH, runLoad, runTag, SAMPLE_BODY } from './load-process.ts';
import { summariseProfile, threadOf, type ProfileSummary } from './profile-summary.ts';
import { makeTempDir, removeTempDir } from './resources.ts';
import { validationMs, waitForFinal, type Correctness } from './service-records.ts';
import { startService } from './service-process.ts';
import { maxOf, percentile } from './stats.ts';
import { cpuPerDocument, readThreadCpu, type ThreadCpuPerDocument } from './thread-cpu.ts';

/** A document must be validated within this long of its POST (validated_at − created_at) for a rate to pass. */
export const VALIDATED_WITHIN_MS = 1_000;
/** A run whose client sent more than this share of its requests late measured the client, not the service. */
export const LATE_SHARE_LIMIT = 0.01;

export interface OpenRun {
  rate: number;
  seconds: number;
  load: Omit<OpenLoopResult, 'acceptedIds' | 'warmupAcceptedIds'>;
  /** Documents accepted (202) in the measured window. */
  accepted: number;
  /** POST → validated (validated_at − created_at) of the documents accepted in the measured window. */
  validation: { validated: number; p50Ms: number; p99Ms: number; maxMs: number; overLimit: number };
  lag: LagVerdict;
  correctness: Correctness;
  /** The service's CPU per document recorded, by thread, from before the warm-up until every document was final. */
  threadCpu: ThreadCpuPerDocument | undefined;
  /** The busy threads' profiles, when the run was profiled. */
  profiles: ProfileSummary[];
  pass: boolean;
  reason: string;
}

/**
 * One open-loop run against a fresh service: a warm-up at half the rate, then `seconds` at `rate`; `/health/ready`
 * sampled every second during the run and for LAG_RULE.drainSeconds after it; then (at most `finalWaitMs`) until
 * every accepted document is final, and the records read. Passes when every request of the measured window was
 * answered 202, the client sent them on time, every document was validated within VALIDATED_WITHIN_MS of its POST
 * and no worker's lag grew (LAG_RULE).
 */
export async function runOpen(rate: number, seconds: number, options: { profile?: boolean; finalWaitMs?: number; label: string }): Promise<OpenRun> {
  const profileDir = options.profile ? makeTempDir('profile') : undefined;
  const service = await startService(options.label, { profileDir });
  let stopped = false;
  try {
    const cpuBefore = await readThreadCpu(service.baseUrl);
    const sampler = sampleLag(service.baseUrl, 1000);
    const warmupSeconds = Number(process.env.BENCH_E2E_WARMUP_SECONDS ?? 2);
    let load: OpenLoopResult;
    try {
      load = await runLoad({
        mode: 'open',
        url: `${service.baseUrl}${ISSUE_PATH}`,
        headers: { authorization: `Bearer ${service.key}` },
        body: SAMPLE_BODY,
        label: runTag(options.label),
        rate,
        durationSeconds: seconds,
        warmupRate: Math.max(1, Math.round(rate / 2)),
        warmupSeconds,
        maxConnections: Number(process.env.BENCH_OPEN_CONNECTIONS ?? 512),
        lateMs: Number(process.env.BENCH_OPEN_LATE_MS ?? 100),
      });
      const drainUntil = load.measuredEndEpochMs + LAG_RULE.drainSeconds * 1000 + 500;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, drainUntil - Date.now())));
    } catch (error) {
      await sampler.stop();
      throw error;
    }
    const samples = await sampler.stop();
    const lag = judgeLag(relativeTo(samples, load.measuredStartEpochMs), load.measuredEndEpochMs - load.measuredStartEpochMs);
    const accepted = load.acceptedIds.length + load.warmupAcceptedIds.length;
    const { records, correctness } = await waitForFinal(service.dataDir, accepted, { timeoutMs: options.finalWaitMs, unanswered: load.errors });
    const threadCpu = cpuPerDocument(cpuBefore, await readThreadCpu(service.baseUrl), correctness.recorded);

    const byId = new Map(records.map((record) => [record.id, record]));
    const times = load.acceptedIds.map((id) => (byId.has(id) ? validationMs(byId.get(id)!) : undefined));
    const validated = times.filter((ms): ms is number => ms !== undefined);
    const overLimit = times.filter((ms) => ms === undefined || ms > VALIDATED_WITHIN_MS).length;
    const validation = { validated: validated.length, p50Ms: percentile(validated, 50), p99Ms: percentile(validated, 99), maxMs: maxOf(validated), overLimit };

    await service.stop();
    stopped = true;
    const profiles = profileDir ? busyProfiles(profileDir) : [];

    const { acceptedIds: _ids, warmupAcceptedIds: _warmup, ...loadSummary } = load;
    const non202 = load.sent - (load.statusCodes['202'] ?? 0);
    const reasons = [
      non202 > 0 && `${non202} of ${load.sent} requests not answered 202 (${JSON.stringify(load.statusCodes)}, ${load.errors} without an answer)`,
      load.late > LATE_SHARE_LIMIT * load.sent && `client limit: ${load.late} requests sent over ${process.env.BENCH_OPEN_LATE_MS ?? 100} ms late (worst ${Math.round(load.maxLateMs)} ms)`,
      overLimit > 0 && `${overLimit} of ${load.acceptedIds.length} documents not validated within ${VALIDATED_WITHIN_MS} ms (max ${Math.round(validation.maxMs)} ms)`,
      !lag.ok && `lag: ${lag.reason}`,
    ].filter((reason): reason is string => typeof reason === 'string');
    return { rate, seconds, load: loadSummary, accepted: load.acceptedIds.length, validation, lag, correctness, threadCpu, profiles, pass: reasons.length === 0, reason: reasons.join('; ') };
  } finally {
    if (!stopped) await service.stop();
    if (profileDir) removeTempDir(profileDir);
  }
}

/** The profiles of the threads that did work: the module loader's idle threads (over 90 % idle) are left out. */
function busyProfiles(dir: string): ProfileSummary[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => ({ ...summariseProfile(join(dir, name), 10), file: threadOf(name) }))
    .filter((summary) => summary.idle <= 0.9);
}
