import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Roles belong to a company (issue 19): until now one `role` row served every company, so an
 * administrator of one company changed the rights of another's users. Each company gets its own
 * copy of every existing role (system and custom) with the same rights, and each user keeps, in
 * every company they belong to, the roles they held: nobody gains or loses a right.
 */
export class MakeRolesPerCompany1795722982594 implements MigrationInterface {
  name = 'MakeRolesPerCompany1795722982594';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "role" ADD "tenant_id" integer`);
    await queryRunner.query(`ALTER TABLE "role" ADD "copied_from" integer`);
    await queryRunner.query(`ALTER TABLE "role" DROP CONSTRAINT "UQ_ee999bb389d7ac0fd967172c41f"`);
    await queryRunner.query(
      `INSERT INTO "role" ("tenant_id", "code", "label", "color", "is_system", "copied_from")
       SELECT t."id", r."code", r."label", r."color", r."is_system", r."id" FROM "role" r CROSS JOIN "tenant" t WHERE r."tenant_id" IS NULL`);
    await queryRunner.query(
      `INSERT INTO "role_right" ("role_id", "right") SELECT c."id", rr."right" FROM "role" c JOIN "role_right" rr ON rr."role_id" = c."copied_from"`);
    await queryRunner.query(
      `INSERT INTO "user_role" ("user_id", "role_id")
       SELECT ur."user_id", c."id" FROM "user_role" ur JOIN "role" c ON c."copied_from" = ur."role_id" JOIN "app_user" u ON u."id" = ur."user_id"
        WHERE c."tenant_id" = u."tenant_id" OR EXISTS (SELECT 1 FROM "user_tenant" ut WHERE ut."user_id" = u."id" AND ut."tenant_id" = c."tenant_id")`);
    // The shared rows go, with their user_role and role_right rows (cascade).
    await queryRunner.query(`DELETE FROM "role" WHERE "tenant_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "role" DROP COLUMN "copied_from"`);
    await queryRunner.query(`ALTER TABLE "role" ALTER COLUMN "tenant_id" SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_role_tenant_code" ON "role"  ("tenant_id", "code") `);
    await queryRunner.query(`ALTER TABLE "role" ADD CONSTRAINT "FK_85e2fec3e4e4f4ab521c4a1a460" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  /**
   * Back to roles shared by every company: for each code the first company's row is kept, with
   * its rights (the shared model cannot hold the other companies' differences), and every user
   * gets it for each code they held in any company.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "role" DROP CONSTRAINT "FK_85e2fec3e4e4f4ab521c4a1a460"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_role_tenant_code"`);
    await queryRunner.query(`ALTER TABLE "role" ADD "kept_id" integer`);
    await queryRunner.query(
      `UPDATE "role" r SET "kept_id" = k."id" FROM (SELECT DISTINCT ON ("code") "id", "code" FROM "role" ORDER BY "code", "tenant_id", "id") k WHERE k."code" = r."code"`);
    await queryRunner.query(
      `INSERT INTO "user_role" ("user_id", "role_id")
       SELECT DISTINCT ur."user_id", r."kept_id" FROM "user_role" ur JOIN "role" r ON r."id" = ur."role_id" WHERE r."kept_id" <> r."id" ON CONFLICT DO NOTHING`);
    await queryRunner.query(`DELETE FROM "role" WHERE "id" <> "kept_id"`);
    await queryRunner.query(`ALTER TABLE "role" DROP COLUMN "kept_id"`);
    await queryRunner.query(`ALTER TABLE "role" ADD CONSTRAINT "UQ_ee999bb389d7ac0fd967172c41f" UNIQUE ("code")`);
    await queryRunner.query(`ALTER TABLE "role" DROP COLUMN "tenant_id"`);
  }
}
