import type { Command } from 'commander';
import type { FoundHistory } from '../../application/documents/document-history.ts';
import { storedHash } from '../../application/audit/event-hash.ts';
import { eventProvenance } from '../../application/audit/event-provenance.ts';
import { CliError, print, withContainer } from './cli-context.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function historyJson({ family, streamId, entries }: FoundHistory) {
  const last = entries.at(-1)!.state;
  return {
    id: last.id,
    family: family.name,
    stream: streamId,
    tenant_id: last.tenantId,
    environment: last.environment,
    events: entries.map(({ event, state }) => ({
      ...eventProvenance(event),
      position: Number(event.position),
      hash: storedHash(event.metadata) ?? null,
      status: state.status,
      data: event.data,
    })),
  };
}

function timeline(found: FoundHistory): string {
  const json = historyJson(found);
  const rows = json.events.map((e) => [e.recorded_at, e.type, String(e.actor ?? '-'), String(e.correlation_id ?? '-'), e.status]);
  const header = ['time', 'event', 'actor', 'correlation', 'status after'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column]))).join('  ');
  const title = `${json.family} ${json.id} (stream ${json.stream}, tenant ${json.tenant_id}, ${json.environment}): ${rows.length} event${rows.length === 1 ? '' : 's'}`;
  return [title, '', line(header), ...rows.map(line)].join('\n');
}

export function registerHistoryCommand(program: Command): void {
  program
    .command('history')
    .description("a document's events, oldest first: time, event, actor, correlation id and status after each (any family)")
    .argument('<document id>', 'the document id (UUID)')
    .option('--json', 'print JSON')
    .action(async (id: string, options: { json?: boolean }) => {
      if (!UUID.test(id)) throw new CliError(`document id must be a UUID; got "${id}"`);
      await withContainer(async (container) => {
        const found = await container.documentHistory.find(id.toLowerCase());
        if (!found) throw new CliError(`no document with id ${id}`);
        print(!!options.json, historyJson(found), timeline(found));
      });
    });
}
