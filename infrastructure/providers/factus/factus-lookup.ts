import { ProviderUnavailableError, type SubmissionAttempt } from '../../../application/ports/document-provider.ts';
import { interpretDocument, type FactusAnswer } from './answers/interpret-answer.ts';
import type { FactusResource } from './factus-resources.ts';
import type { FactusClient } from './http/factus-client.ts';
import type { FactusResponse } from './http/factus-http.ts';

export const isSuccess = (status: number) => status >= 200 && status < 300;

export function expectSuccess(response: FactusResponse, what: string): void {
  if (!isSuccess(response.status)) {
    throw new ProviderUnavailableError(`Factus answered ${response.status} to ${what}: ${String(response.body.message ?? response.body.raw ?? '')}`);
  }
}

/** Finds what Factus holds under our reference code (the document id), read as a DIAN answer; null when nothing. */
export async function findByReference(client: FactusClient, resource: FactusResource, reference: string, attempt?: SubmissionAttempt): Promise<FactusAnswer | null> {
  const { path, listed } = resource.find(reference);
  const found = await client.get(path, attempt);
  if (found.status === 404) return null;
  expectSuccess(found, `GET ${path}`);
  if (!listed) return interpretDocument(found.body.data ?? {}, resource.uniqueCode);
  const item = listItems(found.body.data).find((candidate) => candidate.reference_code === reference);
  if (!item) return null;
  // List items lack the unique code and validation time: the document itself has them.
  const shown = await client.get(resource.show(String(item.number)), attempt);
  expectSuccess(shown, `GET ${resource.show(String(item.number))}`);
  return interpretDocument(shown.body.data ?? {}, resource.uniqueCode);
}

/** A paginated list answers `data: {data: [...], pagination}`; tolerate a bare array too. */
function listItems(data: unknown): Array<Record<string, any>> {
  if (Array.isArray(data)) return data;
  const inner = (data as { data?: unknown } | undefined)?.data;
  return Array.isArray(inner) ? inner : [];
}
