import { ajaxHeaders } from '../core/http';

/** A JSON answer of the control routes: status and body. */
export interface Reply<T> { ok: boolean; status: number; body: T & { message?: string } }

/** POSTs a JSON body to a control route (CSRF header and XHR marker from the core). */
export async function postJson<T = Record<string, unknown>>(url: string, body: Record<string, unknown> = {}): Promise<Reply<T>> {
  const res = await fetch(url, {
    method: 'POST', credentials: 'same-origin',
    headers: ajaxHeaders({ Accept: 'application/json', 'Content-Type': 'application/json' }),
    body: JSON.stringify(body),
  });
  let data: unknown = {};
  try { data = await res.json(); } catch { data = {}; }
  return { ok: res.ok, status: res.status, body: data as T & { message?: string } };
}
