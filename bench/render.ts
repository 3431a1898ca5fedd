import { performance } from 'node:perf_hooks';
import { ARTIFACT_FORMATS, type ArtifactFormat } from '../application/ports/artifact.ts';
import { initialDocumentState, type DocumentState } from '../domain/documents/document-state.ts';
import { salesInvoiceFamily } from '../domain/documents/families/index.ts';
import { renderDocumentArtifact, SIGNED_FORMATS } from '../infrastructure/rendering/render-document-artifact.ts';
import { NO_RENDER_SERVICES, type RenderServices } from '../infrastructure/rendering/render-services.ts';
import { pkiRenderServices } from '../test/support/signing/pki-render-services.ts';
import { makeTestPki } from '../test/support/signing/test-pki.ts';
import { documentUniqueCode } from '../domain/unique-codes/document-unique-code.ts';
import { sampleInvoice } from '../test/support/sample-invoice.ts';

interface FormatTiming {
  format: ArtifactFormat;
  /** Signed with a company certificate, as the service serves every XML (the test environment signs too). */
  signed: boolean;
  p50Ms: number;
  p99Ms: number;
  bytes: number;
}

export interface RenderBenchResult {
  lines: number;
  renders: number;
  formats: FormatTiming[];
}

const LINES = 20;

/** The sample invoice with `lines` lines of 2 × 12,500 with IVA 19 % (29,750 each), paid in full: a request's body. */
export function invoiceWithLines(lines: number): ReturnType<typeof sampleInvoice> {
  const body = sampleInvoice();
  body.items = Array.from({ length: lines }, (_, index) => ({
    ...body.items[index % 2],
    code_reference: `PROD-${String(index + 1).padStart(3, '0')}`,
    name: `Producto ${index + 1}, referencia de catálogo con descripción`,
    quantity: '2.00',
    price: '12500.00',
  }));
  body.payment_details[0].amount = `${lines * 29_750}.00`;
  return body;
}

/** A validated 20-line sales invoice (IVA 19 % on every line), as the sandbox leaves it. */
function twentyLineInvoice(): DocumentState {
  const normalized = salesInvoiceFamily.normalize(invoiceWithLines(LINES));
  const state: DocumentState = {
    ...initialDocumentState(),
    status: 'validated',
    id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
    family: 'sales-invoice',
    environment: 'test',
    issuer: { nit: '900123456', dv: '8', legal_name: 'Empresa Demo S.A.S.', trade_name: 'Demo' },
    body: normalized,
    totals: salesInvoiceFamily.computeTotals(normalized),
    issueDate: '2026-03-02',
    issueTime: '10:15:30-05:00',
    createdAt: '2026-03-02T15:15:30.000Z',
    number: 'SETP990000001',
    validatedAt: '2026-03-02T15:15:31.000Z',
  };
  return { ...state, uniqueCode: documentUniqueCode(state, 'SETP990000001') };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * Sequential renders of each format by the sandbox provider (after untimed warm-up), in this process: unsigned, then
 * the formats holding the XML again signed with an RSA-2048 certificate, as the service serves them.
 */
export async function runRender(): Promise<RenderBenchResult> {
  const renders = Number(process.env.BENCH_ARTIFACT_RENDERS ?? 200);
  const state = twentyLineInvoice();
  const pki = makeTestPki();
  try {
    const signing = pkiRenderServices(pki);
    const formats: FormatTiming[] = [];
    for (const format of ARTIFACT_FORMATS) formats.push(await timeRenders(state, format, false, NO_RENDER_SERVICES, renders));
    for (const format of SIGNED_FORMATS) formats.push(await timeRenders(state, format, true, signing, renders));
    return { lines: LINES, renders, formats };
  } finally {
    pki.remove();
  }
}

async function timeRenders(state: DocumentState, format: ArtifactFormat, signed: boolean, services: RenderServices, renders: number): Promise<FormatTiming> {
  let bytes = 0;
  for (let warm = 0; warm < 20; warm += 1) bytes = (await renderDocumentArtifact(state, format, services))!.bytes.length;
  const times: number[] = [];
  for (let run = 0; run < renders; run += 1) {
    const start = performance.now();
    await renderDocumentArtifact(state, format, services);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { format, signed, p50Ms: percentile(times, 50), p99Ms: percentile(times, 99), bytes };
}
