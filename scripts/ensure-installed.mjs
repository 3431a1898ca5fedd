// Installs the locked dependencies when node_modules is missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone. Plain JavaScript: it runs before tsx exists.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const stale = !existsSync(marker) || statSync('package-lock.json').mtimeMs > statSync(marker).mtimeMs;
if (stale) {
  process.stderr.write('Installing dependencies (npm ci)...\n');
  execSync('npm ci --no-audit --no-fund', { stdio: ['ignore', process.stderr, process.stderr] });
}
