import { Command, CommanderError } from 'commander';
import { registerAuditCommands } from './audit-commands.ts';
import { registerBackupCommands } from './backup-commands.ts';
import { registerBrandCommands } from './brand-commands.ts';
import { registerCertificateCommands } from './certificate-commands.ts';
import { registerDianCommands } from './dian-commands.ts';
import { CliError } from './cli-context.ts';
import { registerHistoryCommand } from './history-command.ts';
import { registerKeyCommands } from './key-commands.ts';
import { registerProjectionCommands } from './projection-commands.ts';
import { registerReadModelCommands } from './read-model-commands.ts';
import { registerRecipientCommands } from './recipient-commands.ts';
import { registerTenantCommands } from './tenant-commands.ts';
import { registerResolutionCommands } from './resolution-commands.ts';
import { registerSecretsCommands } from './secrets-commands.ts';
import { registerSoftwareCommands } from './software-commands.ts';
import { registerWebhookCommands } from './webhook-commands.ts';
import { withoutUrlPasswords } from '../config/url-passwords.ts';

const program = new Command()
  .name('npm run cli --')
  .description('Operator commands for the e-invoicing service (uses DATA_DIR / EVENTSTORE_URL / MONGODB_URL like the service)')
  .exitOverride()
  .showHelpAfterError();
registerTenantCommands(program);
registerKeyCommands(program);
registerHistoryCommand(program);
registerAuditCommands(program);
registerProjectionCommands(program);
registerReadModelCommands(program);
registerBackupCommands(program);
registerBrandCommands(program);
registerRecipientCommands(program);
registerCertificateCommands(program);
registerSecretsCommands(program);
registerResolutionCommands(program);
registerSoftwareCommands(program);
registerDianCommands(program);
registerWebhookCommands(program);

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode);
  if (error instanceof CliError) {
    process.stderr.write(`error: ${error.message}\n`);
    process.exit(error.exitCode);
  }
  // An unexpected failure may be a store driver's, which may echo its connection string.
  process.stderr.write(`error: ${withoutUrlPasswords(error instanceof Error ? error.message : String(error))}\n`);
  process.exit(1);
}
