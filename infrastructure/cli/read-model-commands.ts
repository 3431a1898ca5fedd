import type { Command } from 'commander';
import { readModelsFile } from '../composition/open-stores.ts';
import { READ_MODELS_PAGE_SIZE } from '../read-models/sqlite/sqlite-read-model-store.ts';
import { ReadModelsInUseError, repageReadModels } from '../read-models/sqlite/read-models-repage.ts';
import { CliError, loadCliConfig, print } from './cli-context.ts';

export function registerReadModelCommands(program: Command): void {
  const readModels = program.command('read-models').description('the embedded read-model file (DATA_DIR/read-models.sqlite)');

  readModels
    .command('repage')
    .description(`rewrites a read-model file made with smaller pages with ${READ_MODELS_PAGE_SIZE}-byte pages, as new files are made (stop the service first)`)
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const file = readModelsFile(loadCliConfig());
      if (!file) throw new CliError('the read models are in MongoDB (MONGODB_URL): only the embedded SQLite file has pages to change', 2);
      let result;
      try {
        result = repageReadModels(file, READ_MODELS_PAGE_SIZE);
      } catch (error) {
        if (error instanceof ReadModelsInUseError) throw new CliError(error.message, 1);
        throw new CliError(error instanceof Error ? error.message : String(error));
      }
      print(
        !!options.json,
        result,
        result.changed ? `${file}: rewritten with ${result.to}-byte pages (were ${result.from})` : `${file}: already ${result.to}-byte pages; nothing to do`,
      );
    });
}
