import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The action list sorted by deadline (`deadline ASC NULLS LAST, id ASC`) read whole from the index:
 * with `id` in it, rows of the same deadline need no sort of their own (issue 21).
 */
export class ActionDeadlineIndexWithId1795740100000 implements MigrationInterface {
  name = 'ActionDeadlineIndexWithId1795740100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_action_tenant_deadline"`);
    await queryRunner.query(`CREATE INDEX "IDX_action_tenant_deadline" ON "action" ("tenant_id", "deadline", "id") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_action_tenant_deadline"`);
    await queryRunner.query(`CREATE INDEX "IDX_action_tenant_deadline" ON "action" ("tenant_id", "deadline") `);
  }
}
