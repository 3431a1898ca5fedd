import type { Command } from 'commander';
import { findingJson, formatFinding } from '../../application/audit/trail-finding.ts';
import { BACKUP_FILES, BadManifestError, type BackupManifest } from '../backup/backup-manifest.ts';
import { BackupCheckError, BackupRefusedError, backupDataDir } from '../backup/embedded-backup.ts';
import { RestoreRefusedError, restoreDataDir } from '../backup/embedded-restore.ts';
import { CliError, loadCliConfig, print } from './cli-context.ts';

/** KurrentDB and MongoDB keep their data on their servers: their own backups copy it, not this command. */
function embeddedOnly(config: { eventStoreUrl?: string }, command: string): void {
  if (config.eventStoreUrl) {
    throw new CliError(`${command}: the events are in KurrentDB (EVENTSTORE_URL); back them up with KurrentDB's own backup. This command copies the embedded SQLite files of DATA_DIR`, 2);
  }
}

function summary(manifest: BackupManifest): string {
  const { events } = manifest;
  const log = events.count === 0 ? 'no events' : `${events.count} events (positions 1 to ${events.head_position}, ${events.first_at} to ${events.last_at})`;
  return `${log}; files: ${manifest.files.map((file) => `${file.name} ${file.bytes} bytes`).join(', ')}`;
}

async function operatorErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupRefusedError || error instanceof RestoreRefusedError || error instanceof BadManifestError) throw new CliError(error.message, 2);
    if (error instanceof BackupCheckError) throw new CliError(error.message, 1);
    throw error;
  }
}

export function registerBackupCommands(program: Command): void {
  program
    .command('backup')
    .description('copies the embedded stores of DATA_DIR into a new or empty folder while the service runs: the event log (checked), optionally the read models, and a manifest with their SHA-256')
    .argument('<folder>', 'where to write the backup (made if missing; must be empty)')
    .option('--with-read-models', 'copy the read models too (else a restored service builds them from the log)')
    .option('--verify-trail', "recompute every stream's hash chain on the copy (as `audit verify`); exit 1 if any is broken")
    .option('--json', 'print JSON')
    .action(async (folder: string, options: { withReadModels?: boolean; verifyTrail?: boolean; json?: boolean }) => {
      const config = loadCliConfig();
      embeddedOnly(config, 'backup');
      if (options.withReadModels && config.mongodbUrl) {
        throw new CliError("backup --with-read-models: the read models are in MongoDB (MONGODB_URL); only the embedded log is copied here (the read models are built again from it, or use MongoDB's own backup)", 2);
      }
      const { manifest, findings } = await operatorErrors(() =>
        backupDataDir({ dataDir: config.dataDir, target: folder, withReadModels: !!options.withReadModels, verifyTrail: !!options.verifyTrail, now: () => new Date() }),
      );
      const trailText = manifest.trail === null ? '' : findings.length === 0 ? `\ntrail intact: ${manifest.trail.events} events in ${manifest.trail.streams} streams checked` : `\n${findings.map(formatFinding).join('\n')}`;
      print(!!options.json, { ...manifest, findings: findings.map(findingJson) }, `backup written to ${folder}: ${summary(manifest)}${trailText}`);
      if (findings.length > 0) throw new CliError(`the backup was written, but its trail has ${findings.length} problem${findings.length === 1 ? '' : 's'} (the log it copied has them too)`);
    });

  program
    .command('restore')
    .description('puts a backup made by `backup` into DATA_DIR, which must hold no store yet, after checking every file against its manifest (stop the service first)')
    .argument('<folder>', 'the backup folder (with its backup.json)')
    .option('--json', 'print JSON')
    .action(async (folder: string, options: { json?: boolean }) => {
      const config = loadCliConfig();
      embeddedOnly(config, 'restore');
      if (config.mongodbUrl) {
        // Read models that already follow some log would take the restored one for theirs and skip what they think they saw.
        throw new CliError('restore: the read models are in MongoDB (MONGODB_URL), which this command cannot check is empty; restore without MONGODB_URL, then start the service on an empty MongoDB database so that it builds them from the restored log', 2);
      }
      const manifest = await operatorErrors(() => restoreDataDir({ dataDir: config.dataDir, backup: folder }));
      const rebuild = manifest.files.some((file) => file.name === BACKUP_FILES.readModels) ? '' : '\nthe backup has no read models: the service builds them from the log when it starts';
      print(!!options.json, manifest, `restored into ${config.dataDir}: ${summary(manifest)}${rebuild}`);
    });
}
