#!/usr/bin/env bash
# The whole test suite: installs what it needs, type-checks, then runs mocha.
# Its last line is "N passed, N failed" from the real run.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/ensure-installed.mjs
# xmllint validates the XML artifacts against DIAN's XSDs; pdftotext/pdftoppm read the PDFs back; xmlsec1 verifies the
# XAdES signatures independently; openssl makes the test certificates (PKCS#12); unzip checks the streamed archives' CRCs.
TOOLS="libxml2-utils poppler-utils xmlsec1 openssl unzip"
if ! command -v xmllint >/dev/null 2>&1 || ! command -v pdftotext >/dev/null 2>&1 || ! command -v xmlsec1 >/dev/null 2>&1 || ! command -v openssl >/dev/null 2>&1 || ! command -v unzip >/dev/null 2>&1; then
  echo "Installing $TOOLS (apt-get)..." >&2
  { apt-get install -y -q $TOOLS || { apt-get update -q && apt-get install -y -q $TOOLS; }; } >&2
fi
# Debian's chromium drives the console's browser tests (playwright-core cannot download a browser here).
if ! command -v chromium >/dev/null 2>&1; then
  echo "Installing chromium (apt-get)..." >&2
  { apt-get install -y -q chromium || { apt-get update -q && apt-get install -y -q chromium; }; } >&2
fi
node scripts/build-console.mjs
npx tsc --noEmit -p . >&2
npx tsc --noEmit -p console >&2
# With mocha options, one mocha process; without, the whole suite in its two lanes side by side (see .mocharc.cjs).
if [ "$#" -gt 0 ]; then exec npx mocha "$@"; fi
exec node test/run-suite.mjs
