import type { DataSource } from 'typeorm';
import { png } from './png';

/**
 * Rows of one company, made from the database catalogue rather than from a module's code: a row in
 * a table the company has none in, a copy of a row with another value of a column, files on the
 * nullable file columns of a row. The cross-company probe (tests/integration/kernel/tenant-probe.test.ts)
 * uses them so that every table a route id can name holds a row of each company at the probed ids.
 */

/** A column of the public schema, as the catalogue describes it. */
interface Column {
  name: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
  /** The table its single-column foreign key points to. */
  references?: string;
  /** The values of a `CHECK (column IN (...))`. */
  allowed?: string[];
}

/** The catalogue of the public schema: columns per table, read once. */
export class Catalogue {
  private constructor(readonly tables: Map<string, Column[]>) {}

  static async read(db: DataSource): Promise<Catalogue> {
    const cols: Array<{ table_name: string; column_name: string; data_type: string; nullable: boolean; has_default: boolean }> = await db.query(
      `SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'YES' AS nullable, c.column_default IS NOT NULL AS has_default
         FROM information_schema.columns c JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' ORDER BY c.table_name, c.ordinal_position`);
    const fks: Array<{ child: string; col: string; parent: string }> = await db.query(
      `SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent
         FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND c.connamespace = 'public'::regnamespace`);
    const checks: Array<{ tbl: string; def: string }> = await db.query(
      `SELECT conrelid::regclass::text AS tbl, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE contype = 'c' AND connamespace = 'public'::regnamespace`);
    const tables = new Map<string, Column[]>();
    for (const c of cols) {
      const list = tables.get(c.table_name) ?? [];
      list.push({ name: c.column_name, type: c.data_type, nullable: c.nullable, hasDefault: c.has_default });
      tables.set(c.table_name, list);
    }
    const unquote = (name: string) => name.replace(/^"|"$/g, '');
    for (const fk of fks) {
      const col = tables.get(unquote(fk.child))?.find((c) => c.name === fk.col);
      if (col) col.references = unquote(fk.parent);
    }
    for (const ck of checks) {
      // `CHECK (((kind)::text = ANY ((ARRAY['a'::character varying, ...])::text[])))`
      const m = /^CHECK \(+(\w+)\)?(?:::text)? = ANY \(+ARRAY\[(.+)\]/.exec(ck.def);
      const col = m && tables.get(unquote(ck.tbl))?.find((c) => c.name === m[1]);
      if (col) col.allowed = [...m![2].matchAll(/'([^']*)'/g)].map((v) => v[1]);
    }
    return new Catalogue(tables);
  }

  columns(table: string): Column[] {
    const cols = this.tables.get(table);
    if (!cols) throw new Error(`Table inconnue : ${table}`);
    return cols;
  }

  has(table: string, column: string): boolean {
    return !!this.tables.get(table)?.some((c) => c.name === column);
  }

  /** Tables with a `tenant_id` and an integer `id`: the rows a route id can name. */
  idTables(): string[] {
    return [...this.tables.keys()].filter((t) => this.has(t, 'tenant_id') && this.columns(t).some((c) => c.name === 'id' && c.type === 'integer')).sort();
  }

  /** `table.column` of every column that points to a stored file by a foreign key. */
  fileColumns(): string[] {
    const out: string[] = [];
    for (const [table, cols] of this.tables) for (const c of cols) if (c.references === 'stored_file') out.push(`${table}.${c.name}`);
    return out.sort();
  }
}

/** Who the rows are made for: the company, its user, and the first id of its rows in every table. */
export interface Owner { tenantId: number; userId: number; firstId: number }

/** A column's value: a constant, or computed for the owner. */
export type Value = unknown | ((o: Owner) => unknown);

const valueFor = (v: Value, o: Owner): unknown => (typeof v === 'function' ? (v as (o: Owner) => unknown)(o) : v);

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A value for a required column the caller gave none for: the owner for `tenant_id`, the owner's
 * first row of the table a foreign key points to, the first value a CHECK allows, else a plain value
 * of the column's type. Null when the column's type has no plain value (the caller must give one).
 */
function plainValue(col: Column, o: Owner): { sql: string; param?: unknown } | null {
  if (col.name === 'tenant_id' || col.references === 'tenant') return { sql: '$', param: o.tenantId };
  if (col.references) return { sql: '$', param: o.firstId };
  if (col.allowed?.length) return { sql: '$', param: col.allowed[0] };
  switch (col.type) {
    case 'integer': case 'smallint': case 'bigint': case 'numeric': case 'double precision': case 'real': return { sql: '$', param: 1 };
    case 'boolean': return { sql: 'false' };
    case 'character varying': case 'text': return { sql: '$', param: 'Sonde' };
    case 'timestamp with time zone': case 'timestamp without time zone': return { sql: 'now()' };
    case 'date': return { sql: 'CURRENT_DATE' };
    case 'jsonb': case 'json': return { sql: `'{}'` };
    case 'bytea': return { sql: '$', param: png(4, 4, { ink: true }) };
    case 'uuid': return { sql: 'gen_random_uuid()' };
    default: return null;
  }
}

/**
 * Inserts one row of the owner in `table`: the values given, the column defaults, and a plain value
 * for every other required column (see plainValue). Returns its id.
 */
export async function insertRow(db: DataSource, cat: Catalogue, table: string, o: Owner, values: Record<string, Value> = {}): Promise<number> {
  const names: string[] = [];
  const sqls: string[] = [];
  const params: unknown[] = [];
  const put = (name: string, v: { sql: string; param?: unknown }) => {
    names.push(ident(name));
    if (v.sql === '$') { params.push(v.param); sqls.push(`$${params.length}`); } else sqls.push(v.sql);
  };
  for (const col of cat.columns(table)) {
    if (col.name in values) {
      put(col.name, { sql: '$', param: valueFor(values[col.name], o) });
    } else if (!col.nullable && !col.hasDefault) {
      const v = plainValue(col, o);
      if (!v) throw new Error(`${table}.${col.name} (${col.type}) : aucune valeur simple, donnez-en une`);
      put(col.name, v);
    }
  }
  const [row] = await db.query(`INSERT INTO ${ident(table)} (${names.join(', ')}) VALUES (${sqls.join(', ')}) RETURNING id`, params);
  return Number(row.id);
}

/**
 * Copies row `id` of `table` (same company) with other values for some columns; with `children`,
 * also the first row of each table whose required foreign key points to it (one level), pointing to
 * the copy. Returns the ids made, the copy's first.
 */
export async function copyRow(db: DataSource, cat: Catalogue, table: string, id: number, o: Owner, values: Record<string, Value>, children = false): Promise<number[]> {
  const cols = cat.columns(table).filter((c) => c.name !== 'id');
  const params: unknown[] = [id, o.tenantId];
  const select = cols.map((c) => {
    if (!(c.name in values)) return ident(c.name);
    params.push(valueFor(values[c.name], o));
    return `$${params.length}`;
  });
  const [row] = await db.query(
    `INSERT INTO ${ident(table)} (${cols.map((c) => ident(c.name)).join(', ')}) SELECT ${select.join(', ')} FROM ${ident(table)} WHERE id = $1 AND tenant_id = $2 RETURNING id`, params);
  if (!row) throw new Error(`${table} ${id} : pas de ligne à copier`);
  const made = [Number(row.id)];
  if (!children) return made;
  for (const child of cat.idTables()) {
    for (const fk of cat.columns(child).filter((c) => c.references === table && !c.nullable && child !== table)) {
      const [first] = await db.query(`SELECT min(id) AS id FROM ${ident(child)} WHERE ${ident(fk.name)} = $1 AND tenant_id = $2`, [id, o.tenantId]);
      if (first?.id) made.push(...await copyRow(db, cat, child, Number(first.id), o, { [fk.name]: made[0] }));
    }
  }
  return made;
}

/**
 * The owner's row ids (minus `firstId - 1`) in each table: what the probe compares between two
 * companies to know that a row of one at an id has its counterpart in the other at the same offset.
 */
export async function rowOffsets(db: DataSource, tables: string[], o: Owner, below: number): Promise<Record<string, number[]>> {
  const out: Record<string, number[]> = {};
  for (const table of tables) {
    const rows: Array<{ id: number }> = await db.query(
      `SELECT id FROM ${ident(table)} WHERE tenant_id = $1 AND id >= $2 AND id < $3 ORDER BY id`, [o.tenantId, o.firstId, below]);
    out[table] = rows.map((r) => Number(r.id) - o.firstId + 1);
  }
  return out;
}
