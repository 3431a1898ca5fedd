import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';
import type { DocumentRow } from '../application/documents/document-row.ts';
import { DOCUMENTS_COLLECTION } from '../application/documents/document-row.ts';
import { invoiceStatusOf } from '../application/invoice-management/invoice-status.ts';
import type { RecordedEvent } from '../application/ports/event-store.ts';
import type { DocumentStatus } from '../domain/documents/document-status.ts';
import { colombiaDateTime } from '../domain/shared/colombia-time.ts';
import { openDatabase } from '../infrastructure/sqlite/open-database.ts';
import { READ_MODELS_PAGE_SIZE, SqliteReadModelStore } from '../infrastructure/read-models/sqlite/sqlite-read-model-store.ts';
import { SqliteTable } from '../infrastructure/read-models/sqlite/sqlite-table.ts';
import { DocumentsProjection } from '../projections/documents/documents-projection.ts';
import { benchTenant, documentHistory } from './sample-events.ts';

const DAY_MS = 86_400_000;
/** Two years of documents, the newest a minute ago. */
const SPAN_MS = 730 * DAY_MS;
const ID_NAMESPACE = '3b0f8f0e-6c2d-5e1a-9f4b-7a8c9d0e1f2a';

/** What the benchmark needs to know about the seeded data to ask for pages that exist. */
export interface SeededTenant {
  tenantId: string;
  environment: string;
  rows: number;
  /** Numbers of some seeded validated invoices (every 997th row), for exact-number lookups. */
  sampleNumbers: string[];
  firstIssueDate: string;
  lastIssueDate: string;
}

/**
 * One sales-invoice row exactly as the documents projection writes it: the three events of a validated sample
 * invoice (built by the document decider, bench/sample-events.ts) handled by the real DocumentsProjection.
 */
export async function templateRow(): Promise<DocumentRow> {
  const store = new SqliteReadModelStore(':memory:');
  try {
    const rows = store.collection(DOCUMENTS_COLLECTION);
    const projection = new DocumentsProjection(rows);
    const tenant = benchTenant();
    const history = documentHistory(tenant, 1);
    const events = [history.created, history.started, history.validated];
    for (const [index, event] of events.entries()) {
      const recorded: RecordedEvent = {
        id: event.id ?? randomUUID(),
        streamId: history.streamId,
        type: event.type,
        revision: BigInt(index),
        position: BigInt(index + 1),
        data: event.data,
        metadata: event.metadata as RecordedEvent['metadata'],
        createdAt: new Date(),
      };
      await projection.handle(recorded);
    }
    const [row] = await rows.find({ tenantId: tenant.tenantId, environment: tenant.environment, orderBy: [], limit: 1 });
    if (!row) throw new Error('the documents projection wrote no row for the sample invoice');
    return row;
  } finally {
    await store.close();
  }
}

/** Mostly validated; the rest rejected, failed, voided, discarded, or still pending (the newest ones). */
function statusOf(i: number, total: number, random: () => number): DocumentStatus {
  if (i > total - 20 && random() < 0.5) return 'pending';
  const r = random();
  if (r < 0.9) return 'validated';
  if (r < 0.94) return 'rejected';
  if (r < 0.97) return 'failed';
  if (r < 0.99) return 'voided';
  return 'cancelled';
}

/** A small deterministic generator, so two runs seed the same shapes (ids differ: the tenants are new). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface TenantSpec {
  tenantId: string;
  environment: string;
  rows: number;
  seed: number;
}

/**
 * Writes the rows straight into the read-model file through the adapter's own row write (SqliteTable.writeRow, what
 * SqliteCollection.upsert runs, tallies included) in transactions of 20,000 rows: the same columns, indexes and JSON the
 * projection would leave, without a million events (seeding through the log is not what is measured).
 */
export function seedDocuments(file: string, template: DocumentRow, tenants: TenantSpec[], now = Date.now()): SeededTenant[] {
  const db = openDatabase(file, { pageSize: READ_MODELS_PAGE_SIZE });
  db.pragma('cache_size = -1000000');
  try {
    const table = new SqliteTable(db, DOCUMENTS_COLLECTION);
    const seeded: SeededTenant[] = [];
    for (const tenant of tenants) {
      const random = generator(tenant.seed);
      const numbers: string[] = [];
      const step = SPAN_MS / tenant.rows;
      const start = now - 60_000 - SPAN_MS;
      const write = db.transaction((from: number, to: number) => {
        for (let i = from; i < to; i += 1) {
          const row = rowAt(template, tenant, i, start + i * step + random() * step * 0.9, statusOf(i, tenant.rows, random), random);
          if (i % 997 === 0 && row.status === 'validated') numbers.push(row.number!);
          table.writeRow(tenant.tenantId, tenant.environment, row.id, 2, row);
        }
        table.settle();
      });
      for (let from = 0; from < tenant.rows; from += 20_000) write(from, Math.min(tenant.rows, from + 20_000));
      seeded.push({
        tenantId: tenant.tenantId,
        environment: tenant.environment,
        rows: tenant.rows,
        sampleNumbers: numbers,
        firstIssueDate: colombiaDateTime(new Date(start)).date,
        lastIssueDate: colombiaDateTime(new Date(now)).date,
      });
    }
    db.pragma('wal_checkpoint(TRUNCATE)');
    return seeded;
  } finally {
    db.close();
  }
}

function rowAt(template: DocumentRow, tenant: TenantSpec, i: number, atMs: number, status: DocumentStatus, random: () => number): DocumentRow {
  const at = new Date(atMs);
  const { date, time } = colombiaDateTime(at);
  const sequence = String(i + 1).padStart(8, '0');
  const numbered = status === 'validated' || status === 'voided' || status === 'rejected';
  const settled = status !== 'pending';
  const customer = Math.floor(random() * 800);
  const updatedAt = new Date(atMs + (settled ? 60 : 0)).toISOString();
  return {
    ...template,
    id: uuidv5(`${tenant.tenantId}|${i}`, ID_NAMESPACE),
    tenantId: tenant.tenantId,
    environment: tenant.environment,
    transactionId: uuidv5(`tx|${tenant.tenantId}|${i}`, ID_NAMESPACE),
    idempotencyKey: `bench-${sequence}`,
    status,
    issueDate: date,
    issueTime: time,
    createdAt: at.toISOString(),
    updatedAt,
    number: numbered ? `SETP${990_000_000 + i}` : null,
    uniqueCode: numbered ? template.uniqueCode : null,
    validatedAt: status === 'validated' || status === 'voided' ? updatedAt : null,
    errors: status === 'rejected' ? [{ code: 'FAD06', message: 'Rechazo de prueba' }] : [],
    failureReason: status === 'failed' ? 'the provider did not answer' : null,
    counterpartyIdentification: String(800_000_000 + customer),
    counterpartyName: `Cliente ${customer} S.A.S.`,
    // Log positions grow with time; the tenant's seed keeps them apart across tenants.
    changeSequence: String(Math.round(atMs) * 16 + (tenant.seed % 16)).padStart(20, '0'),
    integrationStatus: invoiceStatusOf(status),
  };
}
