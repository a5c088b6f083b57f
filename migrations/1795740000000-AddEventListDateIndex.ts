import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The events list's default order, `event_date DESC NULLS LAST, id DESC` within a company, served by
 * an index instead of a scan and a sort of the company's events (issue 21).
 */
export class AddEventListDateIndex1795740000000 implements MigrationInterface {
  name = 'AddEventListDateIndex1795740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_event_list_date" ON "event" ("tenant_id", "event_date" DESC NULLS LAST, "id" DESC) WHERE "deleted_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_event_list_date"`);
  }
}
