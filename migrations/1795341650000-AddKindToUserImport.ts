import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The CSV import machinery is shared by the user and the employee imports (issue 9): the
 * `user_import` table says which kind each import is. Existing imports are user imports.
 */
export class AddKindToUserImport1795341650000 implements MigrationInterface {
  name = 'AddKindToUserImport1795341650000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_import" ADD "kind" character varying(20) NOT NULL DEFAULT 'user'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_import" DROP COLUMN "kind"`);
  }
}
