import { measureCpu } from './client-cpu.ts';
import type { SequentialResult, SequentialSpec } from './load-spec.ts';

const FINAL = new Set(['validated', 'rejected', 'failed']);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One document at a time: POST it, wait `firstPollAfterMs`, then GET it every `pollMs` until it is final, then the
 * next. The latency itself is read from the records afterwards (validated_at − created_at); the polling only says
 * when to send the next one.
 */
export async function sequentialLoad(spec: SequentialSpec): Promise<SequentialResult> {
  const statusCodes: Record<string, number> = {};
  const acceptedIds: string[] = [];
  let notFinal = 0;
  const cpu = measureCpu();
  for (let n = 1; n <= spec.count; n += 1) {
    const answer = await fetch(spec.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `${spec.label}-${n.toString().padStart(8, '0')}`, ...spec.headers },
      body: spec.body,
    });
    const accepted = (await answer.json()) as { id?: string };
    statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
    if (answer.status !== 202 || !accepted.id) continue;
    acceptedIds.push(accepted.id);
    const deadline = Date.now() + spec.timeoutMs;
    await sleep(spec.firstPollAfterMs);
    for (;;) {
      const state = (await (await fetch(`${spec.url}/${accepted.id}`, { headers: spec.headers })).json()) as { status?: string };
      if (state.status && FINAL.has(state.status)) break;
      if (Date.now() > deadline) {
        notFinal += 1;
        break;
      }
      await sleep(spec.pollMs);
    }
  }
  return { count: spec.count, statusCodes, acceptedIds, notFinal, clientCpu: cpu() };
}
