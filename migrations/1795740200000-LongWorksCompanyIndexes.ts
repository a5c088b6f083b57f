import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 400-hour rule reaches an outside company's other plans by its CRM tiers, or by its name when it
 * has none: two partial indexes of `plan_company` for those lookups (issue 21). The name one is an
 * expression index, which TypeORM cannot declare: the entity names both with `synchronize: false`.
 */
export class LongWorksCompanyIndexes1795740200000 implements MigrationInterface {
  name = 'LongWorksCompanyIndexes1795740200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_plan_company_long_tiers" ON "plan_company" ("tenant_id", "tiers_id") WHERE "kind" IN ('EE', 'ST') AND "tiers_id" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_company_long_name" ON "plan_company" ("tenant_id", lower(btrim("name"))) WHERE "kind" IN ('EE', 'ST') AND "tiers_id" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_plan_company_long_name"`);
    await queryRunner.query(`DROP INDEX "IDX_plan_company_long_tiers"`);
  }
}
