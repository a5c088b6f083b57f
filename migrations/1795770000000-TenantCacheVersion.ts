import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version number per company for what app instances keep in memory about it (issue 21): the
 * hierarchy filter drawn on every list page. Triggers bump it in the same transaction as any
 * write to `hierarchy_type` or `hierarchy_item`, whatever wrote it (a screen, an import, the
 * trash, raw SQL), so an instance that reads the number with the session's user sees a change on
 * the next request even when another instance made it. One bump per statement, not per row.
 * No foreign key: a company's rows deleted with it still bump a number nobody reads.
 */
export class TenantCacheVersion1795770000000 implements MigrationInterface {
  name = 'TenantCacheVersion1795770000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "tenant_cache_version" ("tenant_id" integer NOT NULL, "version" bigint NOT NULL DEFAULT 1, CONSTRAINT "PK_tenant_cache_version" PRIMARY KEY ("tenant_id"))`);
    await queryRunner.query(`CREATE FUNCTION tenant_cache_bump() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          INSERT INTO tenant_cache_version (tenant_id) SELECT DISTINCT tenant_id FROM old_rows
            ON CONFLICT (tenant_id) DO UPDATE SET version = tenant_cache_version.version + 1;
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          INSERT INTO tenant_cache_version (tenant_id) SELECT DISTINCT tenant_id FROM new_rows
            ON CONFLICT (tenant_id) DO UPDATE SET version = tenant_cache_version.version + 1;
        END IF;
        RETURN NULL;
      END
    $fn$`);
    for (const table of TABLES) {
      await queryRunner.query(`CREATE TRIGGER ${table}_cache_ins AFTER INSERT ON "${table}" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_cache_bump()`);
      await queryRunner.query(`CREATE TRIGGER ${table}_cache_upd AFTER UPDATE ON "${table}" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_cache_bump()`);
      await queryRunner.query(`CREATE TRIGGER ${table}_cache_del AFTER DELETE ON "${table}" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION tenant_cache_bump()`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      for (const op of ['ins', 'upd', 'del']) await queryRunner.query(`DROP TRIGGER ${table}_cache_${op} ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION tenant_cache_bump()`);
    await queryRunner.query(`DROP TABLE "tenant_cache_version"`);
  }
}

/** Tables whose rows the per-company caches are built from. */
const TABLES = ['hierarchy_type', 'hierarchy_item'];
