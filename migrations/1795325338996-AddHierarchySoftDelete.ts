import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Soft delete (shared trash) for hierarchy types and items, sites, services and work units. */
export class AddHierarchySoftDelete1795325338996 implements MigrationInterface {
  name = 'AddHierarchySoftDelete1795325338996';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "hierarchy_type" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "site" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "service" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "work_unit" ADD "deleted_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "work_unit" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`ALTER TABLE "service" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`ALTER TABLE "site" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_item" DROP COLUMN "deleted_at"`);
    await queryRunner.query(`ALTER TABLE "hierarchy_type" DROP COLUMN "deleted_at"`);
  }
}
