import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The role a user holds within their hierarchy items and services. */
export class AddUserHierarchyRole1795325075855 implements MigrationInterface {
  name = 'AddUserHierarchyRole1795325075855';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" ADD "hierarchy_role" character varying(60)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "hierarchy_role"`);
  }
}
