import type { Command } from 'commander';
import type { WebhookEndpoint } from '../../application/webhooks/webhook-endpoint.ts';
import { WebhookEndpointNotFoundError, WebhookEndpointValidationError } from '../../domain/webhooks/webhook-endpoint-errors.ts';
import type { RequestContext } from '../../application/event-sourcing/request-context.ts';
import type { Container } from '../composition/container.ts';
import { CLI_CONTEXT, CliError, print, requiredEnvironment, withContainer } from './cli-context.ts';
import { operatorFailure } from './operator-failure.ts';

interface Scoped {
  tenant: string;
  env: string;
  json?: boolean;
}

/** `url` → `--url`, `events[2]` → `--events (entry 3)`. */
function flagOf(field: string): string {
  const entry = /^events\[(\d+)\]$/.exec(field);
  return entry ? `--events (entry ${Number(entry[1]) + 1})` : `--${field}`;
}

/** Runs `work` for the company and environment named by --tenant and --env; refusals become messages naming the option. */
async function forCompany<T>(options: Scoped, work: (container: Container, context: RequestContext) => Promise<T>): Promise<T> {
  const { tenant } = options;
  const env = requiredEnvironment(options.env);
  return withContainer(async (container) => {
    if (!(await container.tenants.find(tenant))) throw new CliError(`--tenant: no tenant with id ${tenant}`, 2);
    try {
      return await work(container, { ...CLI_CONTEXT, tenantId: tenant, environment: env });
    } catch (error) {
      if (error instanceof WebhookEndpointValidationError) throw new CliError(error.issues.map((issue) => `${flagOf(issue.field)}: ${issue.message}`).join('\n'), 2);
      if (error instanceof WebhookEndpointNotFoundError) throw new CliError(`--id: no webhook endpoint ${error.endpointId} for tenant ${tenant} in ${env}`, 2);
      return operatorFailure({})(error);
    }
  });
}

function describe(endpoint: WebhookEndpoint): string {
  const status = endpoint.disabled ? `disabled (${endpoint.disabledReason})` : endpoint.failingSince ? `failing since ${endpoint.failingSince}` : 'enabled';
  return `${endpoint.id}  ${status}  ${endpoint.url}  events: ${endpoint.events.join(', ')}${endpoint.description ? `  "${endpoint.description}"` : ''}`;
}

const SECRET_NOTE = 'Signing secret (store it now; it is not shown again):';

/** `webhooks create|list|delete|rotate`: a company's webhook endpoints in one environment, as the API manages them. */
export function registerWebhookCommands(program: Command): void {
  const webhooks = program.command('webhooks').description('webhook endpoints of a company (issue 16)');
  const scoped = (command: Command) =>
    command.requiredOption('--tenant <id>', 'tenant id').requiredOption('--env <environment>', 'test or live');

  scoped(webhooks.command('create').description('create an endpoint; its signing secret is printed once'))
    .requiredOption('--url <url>', 'where deliveries go: https in live, to a public address (unless WEBHOOKS_ALLOW_PRIVATE=true)')
    .requiredOption('--events <types>', 'comma-separated event types (document.validated,message.sent,…), or * for all')
    .option('--description <text>', 'a note for the company')
    .option('--json', 'print JSON')
    .action(async (options: Scoped & { url: string; events: string; description?: string }) => {
      const events = options.events.split(',').map((type) => type.trim()).filter(Boolean);
      await forCompany(options, async (container, context) => {
        const { endpoint, secret } = await container.webhookEndpoints.useCases.create({ url: options.url, events, description: options.description }, context);
        print(!!options.json, { ...endpoint, secret }, `webhook endpoint created: ${describe(endpoint)}\n${SECRET_NOTE}\n${secret}`);
      });
    });

  scoped(webhooks.command('list').description('list the endpoints, oldest first'))
    .option('--json', 'print JSON')
    .action(async (options: Scoped) => {
      await forCompany(options, async (container, context) => {
        const { endpoints } = await container.webhookEndpoints.useCases.list(context, { limit: Number.MAX_SAFE_INTEGER });
        print(!!options.json, endpoints, endpoints.map(describe).join('\n') || `no webhook endpoints for tenant ${options.tenant} in ${options.env}`);
      });
    });

  scoped(webhooks.command('delete').description('delete an endpoint; nothing more is delivered to it'))
    .requiredOption('--id <endpoint id>', 'the endpoint (we_…)')
    .action(async (options: Scoped & { id: string }) => {
      await forCompany(options, async (container, context) => {
        await container.webhookEndpoints.useCases.remove(options.id, context);
        print(false, null, `webhook endpoint ${options.id} deleted`);
      });
    });

  scoped(webhooks.command('rotate').description('a new signing secret; the previous one keeps signing beside it for 24 hours'))
    .requiredOption('--id <endpoint id>', 'the endpoint (we_…)')
    .option('--json', 'print JSON')
    .action(async (options: Scoped & { id: string }) => {
      await forCompany(options, async (container, context) => {
        const rotated = await container.webhookEndpoints.useCases.rotateSecret(options.id, context);
        const text = `secret of ${options.id} rotated; the previous one signs beside it until ${rotated.previousSecretExpiresAt}\n${SECRET_NOTE}\n${rotated.secret}`;
        print(!!options.json, { ...rotated.endpoint, secret: rotated.secret, previousSecretExpiresAt: rotated.previousSecretExpiresAt }, text);
      });
    });
}
