import { createHash } from 'node:crypto';
import { renderDocumentArtifact } from '../../../infrastructure/rendering/render-document-artifact.ts';
import { sampleInvoice } from '../../support/sample-invoice.ts';
import { validatedState } from './validated-state.ts';

/** SHA-256 of every format of one fixed invoice; printed as JSON when run as a script (for other time zones). */
export async function renderDigests(): Promise<Record<string, string>> {
  const state = validatedState('sales-invoice', sampleInvoice(), { number: 'SETP990000042' });
  const digests: Record<string, string> = {};
  for (const format of ['xml', 'attached-xml', 'pdf', 'zip'] as const) {
    const artifact = await renderDocumentArtifact(state, format);
    digests[format] = createHash('sha256').update(artifact!.bytes).digest('hex');
  }
  return digests;
}

if (process.argv[1]?.endsWith('render-digests.ts')) console.log(JSON.stringify(await renderDigests()));
