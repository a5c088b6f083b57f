import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Keeps the login before the current one, shown as "Dernière connexion". */
export class AddPreviousLogin1795321811001 implements MigrationInterface {
  name = 'AddPreviousLogin1795321811001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" ADD "previous_login_at" TIMESTAMP WITH TIME ZONE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "previous_login_at"`);
  }
}
