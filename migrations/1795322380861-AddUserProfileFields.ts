import type { MigrationInterface, QueryRunner } from 'typeorm';

/** User identity, contact details, supervisor, account expiry and lock, mail preferences. */
export class AddUserProfileFields1795322380861 implements MigrationInterface {
  name = 'AddUserProfileFields1795322380861';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" ADD "civility" character varying(10)`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "birth_date" date`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "address" character varying(255)`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "zip_code" character varying(20)`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "city" character varying(120)`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "phone" character varying(30)`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "mobile" character varying(30)`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "photo_file_id" integer`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "supervisor_id" integer`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "expires_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "locked" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "credentials_expire_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "password_changed_at" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "vgp_processed_mail" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD "action_processed_mail" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD CONSTRAINT "FK_ad2c56b96e838e7280872b0fc72" FOREIGN KEY ("supervisor_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "FK_ad2c56b96e838e7280872b0fc72"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "action_processed_mail"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "vgp_processed_mail"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "password_changed_at"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "credentials_expire_at"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "locked"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "expires_at"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "supervisor_id"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "photo_file_id"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "mobile"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "phone"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "city"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "zip_code"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "address"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "birth_date"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP COLUMN "civility"`);
  }
}
