/**
 * The yardstick of the action list benchmark: a bare Node HTTP server that runs the same SQL
 * with `pg` and renders the same rows as an HTML table, with none of the application around it
 * (no session, rights, menu, translations or layout). Started by `run.ts` as its own process.
 * Env: DATABASE_URL, PORT, BENCH_TENANT.
 */
import http from 'node:http';
import { Pool } from 'pg';
import { COUNT_SQL, FILTER, PAGE_SQL } from './list-query';

const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const tenant = Number(process.env.BENCH_TENANT);

const escape = (v: unknown): string => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const frDate = (iso: string | null): string => (iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

const server = http.createServer(async (_req, res) => {
  try {
    const [count, page] = await Promise.all([pool.query(COUNT_SQL, [tenant, FILTER.status]), pool.query(PAGE_SQL, [tenant, FILTER.status])]);
    const rows = page.rows.map((r) => `<tr><td>${r.id}</td><td>${escape(r.status)}</td><td>${escape(r.level)}</td><td>${escape(r.comments)}</td><td>${frDate(r.deadline)}</td><td>${escape(r.assignee_name)}</td><td>${escape(r.item_name)}</td><td>${escape(r.service_name)}</td><td>${escape(r.source_type)}</td></tr>`).join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="fr"><body><p>${count.rows[0].total} actions</p><table>${rows}</table></body></html>`);
  } catch (err) {
    res.writeHead(500);
    res.end(String(err));
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare server ready'));
