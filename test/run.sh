#!/usr/bin/env bash
# The whole test suite: installs what it needs, type-checks, then runs mocha.
# Its last line is "N passed, N failed" from the real run.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund >&2
fi
npx tsc --noEmit -p . >&2
exec npx mocha "$@"
