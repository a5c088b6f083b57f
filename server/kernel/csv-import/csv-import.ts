import type { DataSource } from 'typeorm';
import { clock } from '../clock';
import { defineJobHandler, enqueue, type JobHandlerDef } from '../jobs';
import { decodeUtf8, parseCsv } from './csv';
import { CsvImport, type CsvImportMessage, type CsvImportRow, type CsvImportRowError } from './csv-import.entity';

/**
 * The CSV import machinery shared by every import of the product (users, employees ...): the
 * file rules of the spec (UTF-8, comma, first line ignored, fixed columns, starred required),
 * the stored rows, the job that reads them one by one with its progress, and the per-row
 * errors of the report. A kind of import only says how one row becomes a record.
 */

/** A fixed column of a file, in order: its name in the template and report, and whether it is starred. */
export interface ImportColumn {
  name: string;
  field: string;
  required: boolean;
}

/** Who asked for an import. */
export interface ImportActor {
  id: number;
  tenantId: number;
}

/** What one row gave: a record created, and the messages refusing it (or warning about it). */
export interface RowOutcome {
  created: boolean;
  messages: CsvImportMessage[];
}

/** A kind of import: its job, columns and how a row becomes a record. */
export interface CsvImportDefinition<Ctx> {
  /** Stored in `user_import.kind`; lists and reports show only their own kind. */
  kind: string;
  /** Name of the background job reading the rows. */
  job: string;
  columns: readonly ImportColumn[];
  /** Reads what every row needs once per run (the actor's roles, known codes ...). */
  prepare: (ds: DataSource, imp: CsvImport) => Promise<Ctx>;
  /** Imports one row in its own transaction; never throws for a bad row (a throw is reported as "row failed"). */
  importRow: (ds: DataSource, ctx: Ctx, row: CsvImportRow, imp: CsvImport) => Promise<RowOutcome>;
}

/** Outcome of {@link CsvImporter.start}: the import id, or the reason nothing was imported (translation key). */
export type StartImportResult = { ok: true; id: number } | { ok: false; error: string };

/** A summary line of the last imports. */
export interface RecentImport {
  id: number;
  fileName: string;
  status: string;
  total: number;
  createdCount: number;
  createdAt: Date;
  errorCount: number;
}

/** The progress of an import, for the report page and its JSON twin. */
export interface ImportProgress {
  status: string;
  total: number;
  done: number;
  created: number;
  errors: number;
  percent: number;
}

/** A kind of import, ready to use by its screens and tests. */
export interface CsvImporter {
  kind: string;
  job: string;
  columns: readonly ImportColumn[];
  /** Checks the file, then stores its rows and enqueues the job in the same transaction. */
  start: (db: DataSource, actor: ImportActor, file: { name: string; content: Buffer }, extra?: { sendMail?: boolean; linkTemplate?: string }) => Promise<StartImportResult>;
  /** An import of this kind and company, or null. */
  find: (db: DataSource, tenantId: number, id: number) => Promise<CsvImport | null>;
  /** The last imports of this kind in the company, newest first. */
  recent: (db: DataSource, tenantId: number, limit?: number) => Promise<RecentImport[]>;
  /** The job's work: reads the rows from where it stopped. */
  run: (ds: DataSource, importId: number) => Promise<void>;
  /** The handler of the import's job, for the owning module's `contributes` (`contribute(jobHandlers, importer.handler)`). */
  handler: JobHandlerDef<{ importId: number }>;
}

/** Whole-file refusals and row messages of the machinery (domain `csv_import`). */
export const IMPORT_ERRORS = {
  encoding: 'csv_import.errors.encoding',
  empty: 'csv_import.errors.empty',
  noFile: 'csv_import.errors.no_file',
  unterminated: 'csv_import.errors.unterminated',
  tooManyColumns: 'csv_import.errors.too_many_columns',
  rowFailed: 'csv_import.errors.row_failed',
  required: 'validation.required',
} as const;

/**
 * The messages about the shape of a row: a quote never closed, more cells than columns, an empty
 * starred column. Each kind adds its own checks after these.
 */
export function shapeMessages(columns: readonly ImportColumn[], cells: string[]): CsvImportMessage[] {
  if (cells.length === 0) return [{ column: null, key: IMPORT_ERRORS.unterminated, params: {} }];
  const messages: CsvImportMessage[] = [];
  if (cells.length > columns.length) messages.push({ column: null, key: IMPORT_ERRORS.tooManyColumns, params: { count: cells.length, max: columns.length } });
  for (const [i, col] of columns.entries()) {
    if (col.required && !(cells[i] ?? '').trim()) messages.push({ column: col.name, key: IMPORT_ERRORS.required, params: {} });
  }
  return messages;
}

/** The CSV column of a form field, or null (messages naming a person say which column by themselves). */
export function columnOf(columns: readonly ImportColumn[], field: string): string | null {
  return columns.find((c) => c.field === field)?.name ?? null;
}

/** The progress of an import. */
export function progressOf(imp: Pick<CsvImport, 'status' | 'total' | 'done' | 'createdCount' | 'errors'>): ImportProgress {
  const percent = imp.total ? Math.floor((imp.done * 100) / imp.total) : 100;
  return { status: imp.status, total: imp.total, done: imp.done, created: imp.createdCount, errors: imp.errors.length, percent };
}

/** Defines a kind of import; its owning module contributes the job's `handler`. */
export function defineCsvImport<Ctx>(def: CsvImportDefinition<Ctx>): CsvImporter {
  const start: CsvImporter['start'] = async (db, actor, file, extra = {}) => {
    const text = decodeUtf8(file.content);
    if (text === null) return { ok: false, error: IMPORT_ERRORS.encoding };
    const rows: CsvImportRow[] = parseCsv(text).slice(1).map((r) => ({ line: r.line, cells: r.unterminated ? [] : r.cells }));
    if (!rows.length) return { ok: false, error: IMPORT_ERRORS.empty };
    const id = await db.transaction(async (m) => {
      const saved = await m.save(CsvImport, m.create(CsvImport, {
        tenantId: actor.tenantId, kind: def.kind, createdBy: actor.id, fileName: file.name.slice(0, 255), status: 'pending', total: rows.length,
        done: 0, createdCount: 0, errors: [], rows, sendMail: extra.sendMail ?? false, linkTemplate: (extra.linkTemplate ?? '').slice(0, 500),
      }));
      await enqueue(m, def.job, { importId: saved.id }, { tenantId: actor.tenantId, maxAttempts: 3 });
      return saved.id;
    });
    return { ok: true, id };
  };

  const find: CsvImporter['find'] = (db, tenantId, id) => {
    if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return Promise.resolve(null);
    return db.getRepository(CsvImport).findOne({
      where: { id, tenantId, kind: def.kind },
      select: { id: true, tenantId: true, kind: true, createdBy: true, fileName: true, status: true, total: true, done: true, createdCount: true, errors: true, sendMail: true, createdAt: true, finishedAt: true },
    });
  };

  const recent: CsvImporter['recent'] = async (db, tenantId, limit = 10) => {
    const rows = await db.query(
      `SELECT id, file_name, status, total, created_count, created_at, jsonb_array_length(errors) AS error_count
         FROM user_import WHERE tenant_id = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT ${Number(limit)}`,
      [tenantId, def.kind],
    );
    return rows.map((r: Record<string, any>) => ({
      id: r.id, fileName: r.file_name, status: r.status, total: r.total, createdCount: r.created_count, createdAt: r.created_at, errorCount: r.error_count,
    }));
  };

  // One record per row and transaction (a bad row never undoes the others); the progress is
  // saved after each row so the report can follow it and a restarted job resumes.
  const run: CsvImporter['run'] = async (ds, importId) => {
    const imp = await ds.getRepository(CsvImport).findOne({ where: { id: importId, kind: def.kind } });
    if (!imp || imp.status === 'done' || imp.status === 'failed') return;
    await ds.query(`UPDATE user_import SET status = 'running' WHERE id = $1`, [importId]);
    const ctx = await def.prepare(ds, imp);
    const errors: CsvImportRowError[] = [...imp.errors];
    let created = imp.createdCount;
    for (let i = imp.done; i < imp.rows.length; i++) {
      const row = imp.rows[i];
      let outcome: RowOutcome;
      try {
        outcome = await def.importRow(ds, ctx, row, imp);
      } catch (err) {
        // One broken row (a race on a unique value ...) must not stop the others.
        console.error(`[${def.job}] row`, row.line, err);
        outcome = { created: false, messages: [{ column: null, key: IMPORT_ERRORS.rowFailed, params: {} }] };
      }
      if (outcome.created) created++;
      if (outcome.messages.length) errors.push({ line: row.line, label: (row.cells[0] ?? '').trim().slice(0, 180), messages: outcome.messages });
      await ds.query('UPDATE user_import SET done = $2, created_count = $3, errors = $4::jsonb WHERE id = $1', [importId, i + 1, created, JSON.stringify(errors)]);
    }
    await ds.query(`UPDATE user_import SET status = 'done', rows = '[]'::jsonb, finished_at = $2 WHERE id = $1`, [importId, clock.now()]);
  };

  const handler = defineJobHandler<{ importId: number }>(def.job, async (payload, jobCtx) => {
    try {
      await run(jobCtx.dataSource, Number(payload.importId));
    } catch (err) {
      // The job gives up: the report stops waiting and says so.
      if (jobCtx.job.attempts >= jobCtx.job.maxAttempts) {
        await jobCtx.dataSource.query(`UPDATE user_import SET status = 'failed', rows = '[]'::jsonb, finished_at = $2 WHERE id = $1 AND status <> 'done'`, [Number(payload.importId), clock.now()]);
      }
      throw err;
    }
  });

  return { kind: def.kind, job: def.job, columns: def.columns, start, find, recent, run, handler };
}
