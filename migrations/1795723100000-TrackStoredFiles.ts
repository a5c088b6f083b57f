import { randomBytes } from 'node:crypto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A rich-text image URL of before this migration: `/file-manager/<sequential id>`. */
const LEGACY_URL = /\/file-manager\/(\d+)(?!\d)/g;
/** The same image's URL after it: `/file-manager/<random key>`. */
const KEYED_URL = /\/file-manager\/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])/g;

type Rewrite = (text: string) => string;

/** Every text column of the schema's tables, by table (rich text may live in any of them). */
async function textColumns(q: QueryRunner): Promise<Map<string, string[]>> {
  const rows: Array<{ table_name: string; column_name: string }> = await q.query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
      WHERE c.table_schema = current_schema() AND c.data_type IN ('text', 'character varying')
        AND c.table_name NOT IN ('migrations', 'stored_file', 'stored_file_deletion')
      ORDER BY c.table_name, c.ordinal_position`);
  const byTable = new Map<string, string[]>();
  for (const r of rows) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  return byTable;
}

/** Rows holding `/file-manager/` in some text column, with those columns' values. */
async function rowsWithFileManagerUrls(q: QueryRunner): Promise<Array<{ table: string; ref: string; values: Record<string, string | null> }>> {
  const out: Array<{ table: string; ref: string; values: Record<string, string | null> }> = [];
  for (const [table, columns] of await textColumns(q)) {
    const list = columns.map((c) => `"${c}"`).join(', ');
    const where = columns.map((c) => `"${c}" LIKE '%/file-manager/%'`).join(' OR ');
    const rows: Array<Record<string, string | null>> = await q.query(`SELECT ctid::text AS "__ref", ${list} FROM "${table}" WHERE ${where}`);
    for (const { __ref, ...values } of rows) out.push({ table, ref: String(__ref), values });
  }
  return out;
}

/** Applies `rewrite` to every text value holding a file-manager URL. */
async function rewriteUrls(q: QueryRunner, rewrite: Rewrite): Promise<void> {
  for (const row of await rowsWithFileManagerUrls(q)) {
    const changed = Object.entries(row.values).filter(([, v]) => v !== null && rewrite(v) !== v);
    if (!changed.length) continue;
    const sets = changed.map(([c], i) => `"${c}" = $${i + 1}`).join(', ');
    await q.query(`UPDATE "${row.table}" SET ${sets} WHERE ctid = $${changed.length + 1}::tid`, [...changed.map(([, v]) => rewrite(v!)), row.ref]);
  }
}

/**
 * The ids of `/file-manager/<id>` URLs that are images no record points to (neither a foreign key,
 * a profile photo nor a questionnaire answer): the editor's images. Any other file named in a
 * text stays unreachable there.
 */
async function legacyEditorImages(q: QueryRunner): Promise<number[]> {
  const ids = new Set<number>();
  for (const row of await rowsWithFileManagerUrls(q)) {
    for (const v of Object.values(row.values)) for (const m of (v ?? '').matchAll(LEGACY_URL)) ids.add(Number(m[1]));
  }
  if (!ids.size) return [];
  const fks: Array<{ tbl: string; col: string }> = await q.query(
    `SELECT c.conrelid::regclass::text AS tbl, a.attname AS col FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.confrelid = 'stored_file'::regclass`);
  const unused = fks.map((fk) => `AND NOT EXISTS (SELECT 1 FROM ${fk.tbl} r WHERE r."${fk.col}" = f.id)`).join(' ');
  const rows: Array<{ id: number }> = await q.query(
    `SELECT f.id FROM stored_file f WHERE f.id = ANY($1) AND f.mime_type LIKE 'image/%' ${unused}
        AND NOT EXISTS (SELECT 1 FROM app_user u WHERE u.photo_file_id = f.id)
        AND NOT EXISTS (SELECT 1 FROM questionnaire_response r WHERE r.value @> jsonb_build_object('fileId', f.id))`, [[...ids]]);
  return rows.map((r) => Number(r.id));
}

/**
 * Stored files get their kind (a record's attachment, or an editor image served by a random access
 * key instead of its sequential id), their place in a promotion (pending under `tmp_key`, stored,
 * missing) and a deletion queue filled by a trigger, so a deleted row's file is always removed
 * from the storage. Rich text already saved keeps its images: their `/file-manager/<id>` URLs
 * become `/file-manager/<key>` (issue 19, items 3 and 13).
 */
export class TrackStoredFiles1795723100000 implements MigrationInterface {
  name = 'TrackStoredFiles1795723100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "stored_file_deletion" ("storage_key" character varying(512) NOT NULL, "queued_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e17a822ad92767d619ba0619321" PRIMARY KEY ("storage_key"))`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD "kind" character varying(20) NOT NULL DEFAULT 'attachment'`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD "access_key" character varying(43)`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD CONSTRAINT "UQ_37c27d736fb1d0e0752f0558c2a" UNIQUE ("access_key")`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD "state" character varying(10) NOT NULL DEFAULT 'stored'`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD "tmp_key" character varying(512)`);
    await queryRunner.query(`CREATE INDEX "IDX_stored_file_pending" ON "stored_file"  ("id") WHERE "state" = 'pending'`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD CONSTRAINT "CHK_stored_file_access_key" CHECK (("kind" = 'editor_image') = ("access_key" IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD CONSTRAINT "CHK_stored_file_pending" CHECK (("state" = 'pending') = ("tmp_key" IS NOT NULL))`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD CONSTRAINT "CHK_stored_file_state" CHECK ("state" IN ('pending', 'stored', 'missing'))`);
    await queryRunner.query(`ALTER TABLE "stored_file" ADD CONSTRAINT "CHK_stored_file_kind" CHECK ("kind" IN ('attachment', 'editor_image'))`);
    await queryRunner.query(`CREATE FUNCTION "stored_file_queue_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "stored_file_deletion" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
        IF OLD."tmp_key" IS NOT NULL THEN
          INSERT INTO "stored_file_deletion" ("storage_key") VALUES (OLD."tmp_key") ON CONFLICT DO NOTHING;
        END IF;
        RETURN OLD;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "stored_file_queue_deletion" AFTER DELETE ON "stored_file" FOR EACH ROW EXECUTE FUNCTION "stored_file_queue_deletion"()`);

    const keys = new Map<string, string>();
    for (const id of await legacyEditorImages(queryRunner)) {
      const key = randomBytes(32).toString('base64url');
      await queryRunner.query(`UPDATE "stored_file" SET "kind" = 'editor_image', "access_key" = $2 WHERE "id" = $1`, [id, key]);
      keys.set(String(id), key);
    }
    if (keys.size) await rewriteUrls(queryRunner, (text) => text.replace(LEGACY_URL, (url, id: string) => (keys.has(id) ? `/file-manager/${keys.get(id)}` : url)));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const rows: Array<{ id: number; access_key: string }> = await queryRunner.query(`SELECT "id", "access_key" FROM "stored_file" WHERE "kind" = 'editor_image'`);
    const ids = new Map(rows.map((r) => [r.access_key, String(r.id)]));
    if (ids.size) await rewriteUrls(queryRunner, (text) => text.replace(KEYED_URL, (url, key: string) => (ids.has(key) ? `/file-manager/${ids.get(key)}` : url)));
    await queryRunner.query(`DROP TRIGGER "stored_file_queue_deletion" ON "stored_file"`);
    await queryRunner.query(`DROP FUNCTION "stored_file_queue_deletion"()`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP CONSTRAINT "CHK_stored_file_kind"`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP CONSTRAINT "CHK_stored_file_state"`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP CONSTRAINT "CHK_stored_file_pending"`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP CONSTRAINT "CHK_stored_file_access_key"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_stored_file_pending"`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP COLUMN "tmp_key"`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP COLUMN "state"`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP CONSTRAINT "UQ_37c27d736fb1d0e0752f0558c2a"`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP COLUMN "access_key"`);
    await queryRunner.query(`ALTER TABLE "stored_file" DROP COLUMN "kind"`);
    await queryRunner.query(`DROP TABLE "stored_file_deletion"`);
  }
}
