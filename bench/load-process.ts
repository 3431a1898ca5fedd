import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClosedLoopResult, ClosedLoopSpec, GetsResult, GetsSpec, OpenLoopResult, OpenLoopSpec, SequentialResult, SequentialSpec } from './load-spec.ts';
import { makeTempDir, removeTempDir, spawnTsx } from './resources.ts';
import { sampleInvoice } from '../test/support/sample-invoice.ts';

/** The path every issuance load POSTs to, and the body it sends (the sample invoice). */
export const ISSUE_PATH = '/invoices/v1/sales-invoices';
export const SAMPLE_BODY = JSON.stringify(sampleInvoice());

/**
 * The GETs' client times each request itself, and its own young-generation collections (a few milliseconds each at
 * V8's default 16 MiB semi-space, a few a second as fetch allocates) landed inside the times it took: at 1 MiB they
 * are many and short (bench/NOTES.md, "The lists' tail and the load client's collector").
 */
const GETS_CLIENT_ARGS = ['--max-semi-space-size=1'];

type Spec = Omit<ClosedLoopSpec, 'outFile'> | Omit<OpenLoopSpec, 'outFile'> | Omit<SequentialSpec, 'outFile'> | Omit<GetsSpec, 'outFile'>;

/** Runs bench/load-client.ts as its own process with this load and returns what it measured. */
export async function runLoad(spec: Omit<ClosedLoopSpec, 'outFile'>): Promise<ClosedLoopResult>;
export async function runLoad(spec: Omit<OpenLoopSpec, 'outFile'>): Promise<OpenLoopResult>;
export async function runLoad(spec: Omit<SequentialSpec, 'outFile'>): Promise<SequentialResult>;
export async function runLoad(spec: Omit<GetsSpec, 'outFile'>): Promise<GetsResult>;
export async function runLoad(spec: Spec): Promise<unknown> {
  const dir = makeTempDir('load');
  const outFile = join(dir, 'result.json');
  try {
    const specFile = join(dir, 'spec.json');
    writeFileSync(specFile, JSON.stringify({ ...spec, outFile }));
    const client = spawnTsx('bench/load-client.ts', { BENCH_LOAD_SPEC_FILE: specFile }, spec.mode === 'gets' ? GETS_CLIENT_ARGS : []);
    const code = await client.exited;
    if (code !== 0) throw new Error(`the load client (${spec.mode}) exited with ${code}:\n${client.output()}`);
    return JSON.parse(readFileSync(outFile, 'utf8'));
  } finally {
    removeTempDir(dir);
  }
}

/** A run tag for Idempotency-Keys, unique per run. */
export const runTag = (label: string) => `${label}-${Date.now().toString(36)}`;

