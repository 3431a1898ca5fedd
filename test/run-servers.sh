#!/usr/bin/env bash
# The production adapters against real servers: both contract suites, the query plans on MongoDB, the runners under
# injected faults, and an end-to-end run of two service processes. Every run works in a namespace of its own (event
# stream and type prefix, database names), so it can run again and again on the same servers.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ -z "${EVENTSTORE_URL:-}" || -z "${MONGODB_URL:-}" ]]; then
  cat >&2 <<'MESSAGE'
npm run test:servers verifies the KurrentDB and MongoDB adapters against real servers. Set both:
  EVENTSTORE_URL  a KurrentDB or EventStoreDB node, e.g. kurrentdb://localhost:2113?tls=false
  MONGODB_URL     a MongoDB server, e.g. mongodb://localhost:27017/?directConnection=true
For example: docker compose up -d kurrentdb mongo, then
  EVENTSTORE_URL='kurrentdb://localhost:2113?tls=false' MONGODB_URL='mongodb://localhost:27017/?directConnection=true' npm run test:servers
Each run uses fresh prefixes and databases; nothing of earlier runs is read or changed.
MESSAGE
  exit 2
fi
node scripts/ensure-installed.mjs
npx tsc --noEmit -p . >&2
exec npx mocha --config .mocharc.servers.json "$@"
