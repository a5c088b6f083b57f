import { csrfToken } from './boot';

/** Headers every client request carries: the XHR marker (fragments, JSON errors) and the CSRF token. */
export function ajaxHeaders(extra: Record<string, string> = {}): Record<string, string> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', ...extra };
  const token = csrfToken();
  if (token) headers['X-CSRF-Token'] = token;
  return headers;
}

/** GET a URL as an XHR; resolves the Response (throws only on network failure). */
export function getXhr(url: string, accept = 'text/html', signal?: AbortSignal): Promise<Response> {
  return fetch(url, { headers: ajaxHeaders({ Accept: accept }), credentials: 'same-origin', signal });
}

/** POST a body (FormData or URLSearchParams) as an XHR; resolves the Response. */
export function postXhr(url: string, body: FormData | URLSearchParams | null): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: ajaxHeaders({ Accept: 'application/json, text/html;q=0.9' }),
    body,
    credentials: 'same-origin',
  });
}

/** True when the response announces a JSON body. */
export function isJson(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').includes('json');
}

/** Reads a JSON body, `null` when it is not JSON or does not parse. */
export async function readJson<T = Record<string, unknown>>(response: Response): Promise<T | null> {
  if (!isJson(response)) return null;
  try {
    return (await response.json()) as T;
  } catch {
    return null;
  }
}

/** Reads `{message}` from a JSON error body, or returns `fallback`. */
export async function errorMessage(response: Response, fallback: string): Promise<string> {
  const body = await readJson<{ message?: unknown }>(response);
  return body && typeof body.message === 'string' && body.message ? body.message : fallback;
}
