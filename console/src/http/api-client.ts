import { fileNameOf, problemMessage, type ProblemBody } from './problem-message.ts';

/** A refusal or failure of the API, with its readable Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly problem: ProblemBody | undefined,
  ) {
    super(problemMessage(status, problem));
    this.name = 'ApiError';
  }

  get code(): string | undefined {
    return this.problem?.code;
  }
}

export interface ApiClient {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  /** A file of the API (PDF, XML, ZIP, an export) fetched with the key in the header, never in a URL. */
  file(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }>;
}

async function failure(response: Response): Promise<ApiError> {
  let problem: ProblemBody | undefined;
  try {
    problem = (await response.json()) as ProblemBody;
  } catch {
    problem = undefined;
  }
  return new ApiError(response.status, problem);
}

/**
 * Every request carries `Authorization: Bearer <key>`; a 401 means the key is no longer good, so `onUnauthorized`
 * signs the console out (with the message) before the error reaches the caller.
 */
export function apiClient(key: string, onUnauthorized: (message: string) => void): ApiClient {
  const request = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> => {
    const init: RequestInit = { method, headers: { Authorization: `Bearer ${key}`, Accept: 'application/json', ...headers }, credentials: 'omit', cache: 'no-store' };
    if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    const response = await fetch(path, init);
    if (response.ok) return response;
    const error = await failure(response);
    if (response.status === 401) onUnauthorized(error.message);
    throw error;
  };
  return {
    async get<T>(path: string) {
      return (await (await request('GET', path)).json()) as T;
    },
    async send<T>(method: 'POST' | 'DELETE', path: string, body?: unknown, headers?: Record<string, string>) {
      const response = await request(method, path, body, headers);
      const text = await response.text();
      return (text === '' ? undefined : JSON.parse(text)) as T;
    },
    async file(path: string, fallbackName: string) {
      const response = await request('GET', path, undefined, { Accept: '*/*' });
      return { blob: await response.blob(), fileName: fileNameOf(response.headers.get('Content-Disposition'), fallbackName) };
    },
  };
}

/** Hands a fetched file to the browser as a download through a short-lived blob URL. */
export function saveFile({ blob, fileName }: { blob: Blob; fileName: string }): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
