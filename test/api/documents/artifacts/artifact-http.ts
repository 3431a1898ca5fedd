import type { TestApp } from '../../../support/test-app.ts';

export interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
  /** The problem document, for answers that are not files. */
  problem: Record<string, any> | undefined;
}

/** GET {base}/{id}/{format}, keeping the body as bytes. */
export async function download(app: TestApp, base: string, id: string, format: string, key?: string): Promise<Download> {
  const response = await fetch(`${app.baseUrl}${base}/${id}/${format}`, { headers: key ? { Authorization: `Bearer ${key}` } : {} });
  const bytes = Buffer.from(await response.arrayBuffer());
  const problem = response.headers.get('content-type')?.startsWith('application/problem+json') ? JSON.parse(bytes.toString('utf8')) : undefined;
  return { status: response.status, headers: response.headers, bytes, problem };
}
