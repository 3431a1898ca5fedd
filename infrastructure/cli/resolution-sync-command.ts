import type { Command } from 'commander';
import { resolutionView } from '../../application/numbering/resolution-view.ts';
import type { DocumentFamilyName } from '../../domain/documents/document-family.ts';
import { FAMILIES } from '../../domain/documents/families/index.ts';
import { syncNumberingRanges, type SyncedRange } from '../dian/numbering/sync-numbering-ranges.ts';
import { dianEndpoint } from '../dian/web-services/dian-endpoints.ts';
import { CliError, print, requiredEnvironment, withContainer } from './cli-context.ts';
import { dianCliParts, dianFailure, dianSettingsOrExit } from './dian-cli-parts.ts';

function line({ range, status, resolution, problem }: SyncedRange): string {
  const numbers = `${range.prefix}${range.fromNumber}–${range.prefix}${range.toNumber}`;
  const facts = `resolution ${range.resolutionNumber} of ${range.resolutionDate}, valid ${range.validDateFrom}..${range.validDateTo}`;
  if (status === 'added') return `added ${numbers}  ${facts}  as ${resolution!.id} (${resolution!.family})`;
  if (status === 'present') return `already present ${numbers}  ${facts}  as ${resolution!.id} (${resolution!.family})`;
  return `refused ${numbers}  ${facts}: ${problem}`;
}

const syncedJson = ({ range, status, resolution, problem }: SyncedRange) => ({
  status,
  prefix: range.prefix,
  from: range.fromNumber,
  to: range.toNumber,
  resolution_number: range.resolutionNumber,
  resolution_date: range.resolutionDate,
  valid_from: range.validDateFrom,
  valid_to: range.validDateTo,
  resolution: resolution ? resolutionView(resolution) : null,
  problem,
});

/** `resolutions sync`: registers the ranges DIAN authorized for the company's software (GetNumberingRange). */
export function registerResolutionSync(resolutions: Command): void {
  resolutions
    .command('sync')
    .description("register the numbering ranges DIAN authorized for the company's software (GetNumberingRange); running it again adds nothing")
    .requiredOption('--tenant <tenant id>', 'the company')
    .requiredOption('--env <environment>', 'test (habilitación) or live (production: where DIAN gives the technical keys)')
    .option('--family <family>', 'the documents the ranges number: DIAN does not say, so one family per sync', 'sales-invoice')
    .option('--json', 'print JSON')
    .action(async (options: { tenant: string; env: string; family: string; json?: boolean }) => {
      const environment = requiredEnvironment(options.env);
      if (!FAMILIES.has(options.family as DocumentFamilyName)) throw new CliError(`--family: must be one of ${[...FAMILIES.keys()].join(', ')}, not ${JSON.stringify(options.family)}`);
      const settings = dianSettingsOrExit();
      await withContainer(async (container) => {
        const request = { tenantId: options.tenant, environment, family: options.family as DocumentFamilyName, endpoint: dianEndpoint(settings, environment), at: new Date() };
        const synced = await syncNumberingRanges(dianCliParts(container, settings), request).catch(dianFailure);
        const added = synced.filter((range) => range.status === 'added').length;
        const lines = synced.map(line);
        lines.push(synced.length === 0 ? 'DIAN lists no range authorized today for this software' : added === 0 ? 'nothing new: every range is already registered' : `${added} range(s) added`);
        print(!!options.json, synced.map(syncedJson), lines.join('\n'));
        const refused = synced.filter((range) => range.status === 'refused');
        if (refused.length > 0) throw new CliError(`${refused.length} range(s) could not be registered: ${refused.map((range) => range.problem).join('; ')}`);
      });
    });
}
