import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The table `user_setting`: small settings of a user in a company (the home page's first-start guide dismissed, issue 25 item 7). */
export class CreateUserSetting1795781352321 implements MigrationInterface {
  name = 'CreateUserSetting1795781352321';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "user_setting" ("tenant_id" integer NOT NULL, "user_id" integer NOT NULL, "key" character varying(60) NOT NULL, "value" character varying(255) NOT NULL DEFAULT '', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e612db13f9315ccd43f375c2cc3" PRIMARY KEY ("tenant_id", "user_id", "key"))`);
    await queryRunner.query(`ALTER TABLE "user_setting" ADD CONSTRAINT "FK_f7a6bd8231849b2875ef0ae8939" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_setting" ADD CONSTRAINT "FK_94922c04577bc2bc75f2faba53d" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_setting" DROP CONSTRAINT "FK_94922c04577bc2bc75f2faba53d"`);
    await queryRunner.query(`ALTER TABLE "user_setting" DROP CONSTRAINT "FK_f7a6bd8231849b2875ef0ae8939"`);
    await queryRunner.query(`DROP TABLE "user_setting"`);
  }
}
