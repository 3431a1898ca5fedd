import type { Command } from 'commander';
import type { KeptSecret } from '../../application/secrets/secret-inventory.ts';
import type { ResealReport } from '../../application/secrets/reseal-secrets.ts';
import { SecretsReseal } from '../../application/secrets/reseal-secrets.ts';
import { sealedSecretsRecord } from '../../application/secrets/sealed-secrets-marker.ts';
import { systemClock } from '../../application/ports/clock.ts';
import type { Container } from '../composition/container.ts';
import type { SealedSecretsRecord } from '../../domain/secrets/sealed-secrets-record.ts';
import { secretsKeyId } from '../secrets/aes-gcm-cipher.ts';
import { CliError, loadCliConfig, print, withContainer } from './cli-context.ts';

/** Which setting holds a key id: the key that seals, one it replaced, or none. */
function roleOf(keyId: string, configured: readonly string[]): string {
  const index = configured.indexOf(keyId);
  return index === 0 ? 'SECRETS_KEY' : index > 0 ? 'SECRETS_KEY_PREVIOUS' : 'not configured: cannot be opened';
}

const line = (secret: KeptSecret) => `  ${secret.kind}  tenant ${secret.tenantId}  ${secret.environment}  ${secret.id}  ${secret.keyId ? `key ${secret.keyId}` : 'in the clear'}`;

const secretJson = (secret: KeptSecret) => ({
  kind: secret.kind,
  tenant_id: secret.tenantId,
  environment: secret.environment,
  id: secret.id,
  protection: secret.protection,
  key_id: secret.keyId,
});

function count(secrets: readonly KeptSecret[]): string {
  const kinds = new Map<string, number>();
  for (const secret of secrets) kinds.set(secret.kind, (kinds.get(secret.kind) ?? 0) + 1);
  return [...kinds].map(([kind, n]) => `${kind} ${n}`).join(', ');
}

function startupText(record: SealedSecretsRecord): string {
  if (!record.sealed) return 'no key';
  const named = record.keyIds.map((keyId) => `key ${keyId}`).join(', ') || 'a key';
  return record.unrecordedKeys ? `${named} (and the keys that sealed secrets before key ids were recorded)` : named;
}

function resealText(report: ResealReport, dryRun: boolean): string {
  const lines = [
    `${dryRun ? 'would seal again' : 'sealed again'} with key ${report.keyId} (SECRETS_KEY): ${report.resealed.length} of ${report.kept} kept secrets (${report.alreadySealed} already were)`,
    ...report.resealed.map(line),
  ];
  if (report.failed.length > 0) lines.push(`could not be opened, left as they are (${report.failed.length}):`, ...report.failed.map(({ secret, reason }) => `${line(secret)}: ${reason}`));
  if (!dryRun) {
    lines.push(
      report.onlySealingKeyNeeded
        ? `every kept secret is sealed with key ${report.keyId}: start-up needs SECRETS_KEY only, and SECRETS_KEY_PREVIOUS may be removed`
        : report.failed.length > 0
          ? 'keep SECRETS_KEY_PREVIOUS: set the keys named above in it and run reseal again'
          : 'a secret was sealed with another key meanwhile: keep SECRETS_KEY_PREVIOUS, check every instance runs with the new SECRETS_KEY, and run reseal again',
    );
  }
  return lines.join('\n');
}

const resealOf = (container: Container) => new SecretsReseal(container.eventStore, container.aggregates, container.secrets, systemClock);

/** `secrets key-id|status|reseal`: which keys seal the kept secrets, and sealing them all again after a change of key. */
export function registerSecretsCommands(program: Command): void {
  const secrets = program.command('secrets').description('the keys that seal private keys, PINs and webhook secrets at rest (SECRETS_KEY)');

  secrets
    .command('key-id')
    .description('the ids of the keys set in SECRETS_KEY and SECRETS_KEY_PREVIOUS (the ids sealed values and messages name)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) => {
      const config = loadCliConfig();
      if (!config.secretsKey) throw new CliError('SECRETS_KEY is not set', 2);
      const current = secretsKeyId(config.secretsKey);
      const previous = config.secretsKeysPrevious.map(secretsKeyId);
      const text = [`SECRETS_KEY: key ${current}`, ...previous.map((keyId) => `SECRETS_KEY_PREVIOUS: key ${keyId}`)].join('\n');
      print(!!options.json, { secrets_key: current, secrets_key_previous: previous }, text);
    });

  secrets
    .command('status')
    .description('every kept secret by the key that sealed it, and the keys start-up requires (never a secret)')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      await withContainer(
        async (container) => {
          const configured = container.secrets.keyIds;
          const kept = await resealOf(container).inventory.all(systemClock.now());
          const { record } = await sealedSecretsRecord(container.eventStore);
          const groups = new Map<string | null, KeptSecret[]>();
          for (const secret of kept) groups.set(secret.keyId, [...(groups.get(secret.keyId) ?? []), secret]);
          const toSeal = kept.filter((secret) => secret.keyId !== configured[0]);
          const lines = [
            configured.length > 0 ? `SECRETS_KEY: key ${configured[0]}` : 'SECRETS_KEY: not set',
            ...configured.slice(1).map((keyId) => `SECRETS_KEY_PREVIOUS: key ${keyId}`),
            `kept secrets: ${kept.length}`,
            ...[...groups].map(([keyId, secrets]) => `  ${keyId ? `key ${keyId} (${roleOf(keyId, configured)})` : 'in the clear (test only)'}: ${secrets.length} (${count(secrets)})`),
            `start-up requires: ${startupText(record)}`,
          ];
          if (toSeal.length > 0 && configured.length > 0) lines.push(`not sealed with key ${configured[0]} (\`secrets reseal\` seals them with it):`, ...toSeal.map(line));
          const json = {
            secrets_key: configured[0] ?? null,
            secrets_key_previous: configured.slice(1),
            kept: kept.map(secretJson),
            startup_requires: record.keyIds,
            startup_requires_unrecorded_keys: record.unrecordedKeys,
          };
          print(!!options.json, json, lines.join('\n'));
        },
        { checkSecretsKeys: false },
      );
    });

  secrets
    .command('reseal')
    .description('seal every kept secret with SECRETS_KEY (after a change of key, with the old one in SECRETS_KEY_PREVIOUS)')
    .option('--dry-run', 'list what would be sealed again, change nothing')
    .option('--json', 'print JSON')
    .action(async (options: { dryRun?: boolean; json?: boolean }) => {
      await withContainer(async (container) => {
        if (!container.secrets.available) throw new CliError('SECRETS_KEY is not set: reseal seals every kept secret with it', 2);
        const dryRun = !!options.dryRun;
        const report = await resealOf(container).run({ dryRun });
        const json = {
          key_id: report.keyId,
          dry_run: dryRun,
          kept: report.kept,
          already_sealed: report.alreadySealed,
          resealed: report.resealed.map(secretJson),
          failed: report.failed.map(({ secret, reason }) => ({ ...secretJson(secret), reason })),
          only_sealing_key_needed: report.onlySealingKeyNeeded,
        };
        print(!!options.json, json, resealText(report, dryRun));
        if (!dryRun && !report.onlySealingKeyNeeded) process.exitCode = 1;
      });
    });
}
