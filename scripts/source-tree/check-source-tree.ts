/**
 * Prints the source tree's structure report (import circles, long files, files nothing imports, double casts)
 * and exits 1 when a rule is broken:  npm run structure
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatReport, sourceTreeReport } from './source-tree-report.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const { text, ok } = formatReport(sourceTreeReport(root));
console.log(text);
process.exitCode = ok ? 0 : 1;
