#!/usr/bin/env bash
# The whole test suite: installs what it needs, type-checks, then runs mocha.
# Its last line is "N passed, N failed" from the real run.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/ensure-installed.mjs
npx tsc --noEmit -p . >&2
exec npx mocha "$@"
