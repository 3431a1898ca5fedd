import type { SharedWork, SharedWorkStatus } from '../coordination/work-sharing.ts';
import type { EventStore } from '../ports/event-store.ts';
import type { CheckpointStore } from '../ports/read-model-store.ts';
import type { SubscriptionRunner } from '../subscriptions/subscription-runner.ts';
import { headOf, healthOfRunners, lagFields, type SubscriptionHealth } from './subscription-health.ts';

interface SharedWorkView {
  /** Who holds each item, as the coordination store says now. */
  observe(): Promise<SharedWorkStatus[]>;
  /** Whether this instance takes part (its workers started); an instance meant to but not yet does not count as ready. */
  readonly started: boolean;
}

/**
 * Every projection, process manager and scheduler of the deployment as this instance sees it: the ones it runs with
 * their live state; the others as `standby` (another instance holds them: `heldBy`) or `unassigned` (nobody does),
 * with the position and lag of their durable checkpoint. An instance that should run workers (`runsWorkers`) and
 * has not started them shows what nobody holds as `idle`, so it does not call itself ready.
 */
export async function healthOfSharedWork(
  events: EventStore,
  checkpoints: CheckpointStore,
  runners: readonly SubscriptionRunner[],
  schedulers: readonly SharedWork[],
  view: SharedWorkView,
  runsWorkers: boolean,
): Promise<SubscriptionHealth[]> {
  const statuses = new Map((await view.observe().catch(() => [])).map((status) => [status.name, status]));
  const here = (name: string) => statuses.get(name)?.here ?? false;
  const head = await headOf(events);
  const live = await healthOfRunners(events, runners.filter((runner) => here(runner.name)), head);
  const elsewhere = async (name: string, kind: string): Promise<SubscriptionHealth> => {
    const holder = statuses.get(name)?.holder ?? null;
    const position = kind === 'scheduler' ? undefined : await checkpoints.load(name).catch(() => undefined);
    return {
      name,
      kind,
      state: holder ? 'standby' : runsWorkers && !view.started ? 'idle' : 'unassigned',
      position: position === undefined ? null : position.toString(),
      ...(await lagFields(events, head, position)),
      error: null,
      heldBy: holder,
    };
  };
  const subscriptions = await Promise.all(
    runners.map((runner) => (here(runner.name) ? live.find((entry) => entry.name === runner.name)! : elsewhere(runner.name, runner.handler.kind))),
  );
  const scheduled = await Promise.all(
    schedulers.map((scheduler): Promise<SubscriptionHealth> | SubscriptionHealth =>
      here(scheduler.name)
        ? { name: scheduler.name, kind: 'scheduler', state: 'running', position: null, head: '', lag: '', error: null }
        : elsewhere(scheduler.name, 'scheduler'),
    ),
  );
  return [...subscriptions, ...scheduled];
}
