import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { RebuildRunningError } from '../../application/rebuilds/rebuild-guard.ts';
import { ProjectionRebuild } from '../../application/rebuilds/projection-rebuild.ts';
import { embeddedFiles } from '../composition/open-stores.ts';
import { WalCheckpointer } from '../sqlite/wal-checkpointer.ts';
import { projectionStatus } from '../../application/rebuilds/projection-status.ts';
import { PROJECTIONS, projectionNamed } from '../../projections/projection-catalog.ts';
import { createLogger } from '../logging/logger.ts';
import { CliError, print, withContainer } from './cli-context.ts';

export function registerProjectionCommands(program: Command): void {
  const projections = program.command('projections').description('read models built from the event log');

  projections
    .command('list')
    .description('the projections and what each one holds')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const rows = PROJECTIONS.map((p) => ({ name: p.name, description: p.description, collections: p.collections.map((c) => c.name) }));
      print(!!options.json, rows, rows.map((r) => `${r.name}  ${r.description} (${r.collections.join(', ')})`).join('\n'));
    });

  projections
    .command('status')
    .description('active version, checkpoint, head and lag of each projection, and any rebuild in progress')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withContainer(async (container) => {
        const statuses = await Promise.all(
          PROJECTIONS.map((p) => projectionStatus(p, container.eventStore, container.readModels, container.projectionVersions)),
        );
        const text = statuses.map(
          (s) =>
            `${s.name}  v${s.activeVersion}${s.rowsRevision < s.definitionRevision ? ` (rows of revision ${s.rowsRevision}; revision ${s.definitionRevision} is due: rebuild)` : ''}  position ${s.position} / head ${s.head}  lag ${s.lag}` +
            (s.rebuild ? `  (rebuilding v${s.rebuild.version}: position ${s.rebuild.position})` : ''),
        );
        print(!!options.json, statuses, text.join('\n'));
      });
    });

  projections
    .command('rebuild')
    .description('build a new version from the start of the log while the current one serves, then switch; Ctrl-C pauses, running it again resumes')
    .argument('<name>', `one of: ${PROJECTIONS.map((p) => p.name).join(', ')}`)
    .action(async (name: string) => {
      const definition = projectionNamed(name);
      if (!definition) throw new CliError(`no projection named "${name}"; known: ${PROJECTIONS.map((p) => p.name).join(', ')}`, 2);
      await withContainer(async (container) => {
        const claim = await container.rebuildGuard.claim(definition.name).catch((error: unknown) => {
          if (error instanceof RebuildRunningError) throw new CliError(`${error.message}; stop it there first, or wait for it to finish`, 1);
          throw error;
        });
        const abort = new AbortController();
        const interrupt = () => abort.abort();
        process.once('SIGINT', interrupt);
        process.once('SIGTERM', interrupt);
        const bar = new SingleBar({
          format: `${name} [{bar}] {percentage}% | {value}/{total} | {speed} events/s | ETA {eta_formatted}`,
          etaBuffer: 50,
          noTTYOutput: true,
          notTTYSchedule: 2_000,
        });
        bar.start(1, 0, { speed: 0 });
        const rebuild = new ProjectionRebuild(container.eventStore, container.readModels, container.projectionVersions, createLogger('silent'));
        // As in the service: the embedded files' WAL checkpoints run on a thread of their own, not in the rebuild's.
        const checkpointer = new WalCheckpointer(createLogger('silent'));
        checkpointer.start(embeddedFiles(container.config), { storesEveryMs: 30_000 });
        let result;
        try {
          result = await rebuild.run(definition, {
            signal: AbortSignal.any([abort.signal, claim.signal]),
            onProgress: (p) => {
              bar.setTotal(Math.max(Number(p.head), 1));
              bar.update(Number(p.position), { speed: Math.round(p.eventsPerSecond) });
            },
          });
        } finally {
          await checkpointer.stop();
          await claim.release();
        }
        bar.stop();
        process.off('SIGINT', interrupt);
        process.off('SIGTERM', interrupt);
        if (result.phase === 'interrupted') {
          process.stdout.write(`rebuild of ${name} v${result.version} paused at position ${result.position}; run the same command to resume\n`);
          return;
        }
        process.stdout.write(`${name} v${result.version} is active: ${result.events} events in this run (${Math.round(result.eventsPerSecond)} events/s)\n`);
      });
    });
}
