import { assignWork } from '../../../application/coordination/assign-work.ts';
import { http, type HttpAnswer } from '../../support/http.ts';
import { demoKey, startService, type ServiceProcess } from '../../support/service-process.ts';

/** The instance id a service process logged when it started listening. */
function instanceOf(service: ServiceProcess): string {
  const match = /"instance":"([^"]+)"[^\n]*"msg":"listening"/.exec(service.output());
  if (!match) throw new Error(`no instance id in the output:\n${service.output()}`);
  return match[1];
}

/**
 * Several service processes on one DATA_DIR (the embedded stores shared, SQLite WAL), as `npm start` runs each.
 * Requests go round-robin; one sent to a process that is down goes to the next one, as a load balancer would.
 */
export class Cluster {
  readonly services: ServiceProcess[] = [];
  /** Every instance id that ever ran, in start order; killed ones included. */
  readonly instances: string[] = [];
  readonly killed = new Set<string>();
  key = '';

  private constructor(
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts the first process alone (it creates the demo company), then the others together. */
  static async start(count: number, dataDir: string, env: Record<string, string>): Promise<Cluster> {
    const cluster = new Cluster(dataDir, env);
    cluster.services.push(await cluster.launch());
    cluster.key = demoKey(dataDir).key;
    cluster.services.push(...(await Promise.all(Array.from({ length: count - 1 }, () => cluster.launch()))));
    return cluster;
  }

  private async launch(): Promise<ServiceProcess> {
    const service = await startService(this.dataDir, this.env);
    this.instances.push(instanceOf(service));
    return service;
  }

  instanceAt(index: number): string {
    return instanceOf(this.services[index]);
  }

  async kill(index: number): Promise<void> {
    const service = this.services[index];
    this.killed.add(instanceOf(service));
    service.child.kill('SIGKILL');
    await service.exited;
  }

  async restart(index: number): Promise<void> {
    this.services[index] = await this.launch();
  }

  private alive(index: number): boolean {
    const service = this.services[index];
    return service.child.exitCode === null && service.child.signalCode === null;
  }

  /** Sends to process `index` (modulo the count), or to the next live one when it is down or the connection drops. */
  async request(index: number, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<HttpAnswer> {
    for (let tried = 0; tried < this.services.length * 20; tried += 1) {
      const at = (index + tried) % this.services.length;
      if (!this.alive(at)) continue;
      try {
        return await http(this.services[at].baseUrl, method, path, { key: this.key, ...options });
      } catch (error) {
        if (!(error instanceof TypeError)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error(`no live process answered ${method} ${path}`);
  }

  /**
   * POSTs one document per idempotency key to `path`, round-robin, `width` at a time; once `killAfter` are accepted,
   * SIGKILLs process `victim` and starts it again 3 s later. With `until`, the kill waits (the load going on) until it
   * answers true for the victim's instance id; it is asked every 20 ms, since the load may not last long after
   * `killAfter`. Answers each key's document id.
   */
  async issueKilling(
    path: string,
    keys: readonly string[],
    options: { width: number; body: () => unknown; killAfter: number; victim: number; until?: (instance: string) => Promise<boolean> },
  ): Promise<Map<string, string>> {
    const accepted = new Map<string, string>();
    let killed = false;
    const { victim, until } = options;
    await pool(keys, options.width, async (idempotencyKey, index) => {
      const answer = await this.request(index, 'POST', path, { body: options.body(), headers: { 'Idempotency-Key': idempotencyKey } });
      if (answer.status !== 202) throw new Error(`POST ${path} answered ${answer.status}: ${answer.text}`);
      accepted.set(idempotencyKey, answer.body.id);
      if (!killed && accepted.size >= options.killAfter) {
        killed = true;
        if (until) await waitUntil(() => until(this.instanceAt(victim)), 60_000, `process ${victim} to be ready to kill`, 20);
        await this.kill(victim);
        setTimeout(() => void this.restart(victim), 3_000);
      }
    });
    if (!killed) throw new Error(`fewer than ${options.killAfter} documents were accepted`);
    return accepted;
  }

  /** The live process running `work`. */
  async holderOf(work: string): Promise<number> {
    const holder = (await this.holders()).get(work)?.[0];
    if (holder === undefined) throw new Error(`no live process runs ${work}`);
    return holder;
  }

  /** Which live process runs each piece of work, as their /health/ready say. */
  async holders(): Promise<Map<string, number[]>> {
    return (await this.work()).holders;
  }

  /** Every piece of work the processes list, and which live process runs each, from one /health/ready of each. */
  private async work(): Promise<{ names: string[]; holders: Map<string, number[]> }> {
    const names = new Set<string>();
    const holders = new Map<string, number[]>();
    for (const [index] of this.services.entries()) {
      if (!this.alive(index)) continue;
      const view = await http(this.services[index].baseUrl, 'GET', '/health/ready');
      for (const work of (view.body?.subscriptions ?? []) as Array<{ name: string; state: string }>) {
        names.add(work.name);
        if (work.state === 'running' || work.state === 'catching_up') holders.set(work.name, [...(holders.get(work.name) ?? []), index]);
      }
    }
    return { names: [...names], holders };
  }

  /**
   * Resolves once the work is spread as the processes agree it should be: each piece runs in exactly the live process
   * that bounded rendezvous hashing gives it (assignWork over the live instance ids). Stricter than every process
   * running something: once this holds, no hand-over is left to come while the same processes live.
   */
  async spread(timeoutMs = 60_000): Promise<void> {
    await waitUntil(
      async () => {
        const { names, holders } = await this.work();
        const live = this.services.map((_, index) => index).filter((index) => this.alive(index));
        const assignment = assignWork(
          names,
          live.map((index) => this.instanceAt(index)),
        );
        const spreadOver = new Set([...holders.values()].flat());
        return (
          assignment.size > 0 &&
          live.every((index) => spreadOver.has(index)) &&
          [...assignment].every(([work, member]) => holders.get(work)?.length === 1 && this.instanceAt(holders.get(work)![0]) === member)
        );
      },
      timeoutMs,
      'the work to be spread over every process as assigned',
    );
  }

  async stop(): Promise<void> {
    await Promise.all(
      this.services.map(async (service, index) => {
        if (!this.alive(index)) return;
        service.child.kill('SIGTERM');
        const timer = setTimeout(() => service.child.kill('SIGKILL'), 20_000);
        await service.exited;
        clearTimeout(timer);
      }),
    );
  }
}

/** Runs `work` over the items with at most `width` at a time. */
export async function pool<T>(items: readonly T[], width: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await work(items[index], index);
      }
    }),
  );
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string, everyMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
