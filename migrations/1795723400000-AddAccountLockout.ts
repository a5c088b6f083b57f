import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-account lockout (issue 19): the block and episode of an account key, and the browsers a user logged in from. */
export class AddAccountLockout1795723400000 implements MigrationInterface {
  name = 'AddAccountLockout1795723400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login_throttle" ADD "blocked_until" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "login_throttle" ADD "lockouts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`CREATE TABLE "login_device" ("user_id" integer NOT NULL, "token_hash" character varying(64) NOT NULL, "last_login_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_6d6995de8728e775ed6c04208d0" PRIMARY KEY ("user_id", "token_hash"))`);
    await queryRunner.query(`ALTER TABLE "login_device" ADD CONSTRAINT "FK_57f07e587594e981066da1f0c04" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "login_device" DROP CONSTRAINT "FK_57f07e587594e981066da1f0c04"`);
    await queryRunner.query(`DROP TABLE "login_device"`);
    await queryRunner.query(`ALTER TABLE "login_throttle" DROP COLUMN "lockouts"`);
    await queryRunner.query(`ALTER TABLE "login_throttle" DROP COLUMN "blocked_until"`);
  }
}
