import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Account security: login throttling, forgotten-password links, SMS login codes and authenticator apps. */
export class AddAccountSecurity1795322828299 implements MigrationInterface {
  name = 'AddAccountSecurity1795322828299';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "login_throttle" ("key" character varying(300) NOT NULL, "hits" integer NOT NULL DEFAULT '0', "window_start" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_14c03bac82292a8310c54cb98d0" PRIMARY KEY ("key"))`);
    await queryRunner.query(`CREATE TABLE "password_reset_token" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "token_hash" character varying(64) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "UQ_a802f319abf4af2432d629dfe5c" UNIQUE ("token_hash"), CONSTRAINT "PK_838af121380dfe3a6330e04f5bb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_7eabb22ed38459ffc24dc8b415" ON "password_reset_token"  ("user_id") `);
    await queryRunner.query(`CREATE TABLE "two_factor_code" ("id" SERIAL NOT NULL, "user_id" integer NOT NULL, "code_hash" character varying(64) NOT NULL, "attempts" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_c5e02e7346881b2ea3f2206a410" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_75af98e6a90d03c9f3e724ab15" ON "two_factor_code"  ("user_id") `);
    await queryRunner.query(`CREATE TABLE "user_totp" ("user_id" integer NOT NULL, "secret" character varying(64) NOT NULL, "enabled_at" TIMESTAMP WITH TIME ZONE NOT NULL, "last_used_step" bigint, CONSTRAINT "PK_04aa6aca4a656f0d4e1fd30ab10" PRIMARY KEY ("user_id"))`);
    await queryRunner.query(`ALTER TABLE "password_reset_token" ADD CONSTRAINT "FK_7eabb22ed38459ffc24dc8b415d" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "two_factor_code" ADD CONSTRAINT "FK_75af98e6a90d03c9f3e724ab15c" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_totp" ADD CONSTRAINT "FK_04aa6aca4a656f0d4e1fd30ab10" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_totp" DROP CONSTRAINT "FK_04aa6aca4a656f0d4e1fd30ab10"`);
    await queryRunner.query(`ALTER TABLE "two_factor_code" DROP CONSTRAINT "FK_75af98e6a90d03c9f3e724ab15c"`);
    await queryRunner.query(`ALTER TABLE "password_reset_token" DROP CONSTRAINT "FK_7eabb22ed38459ffc24dc8b415d"`);
    await queryRunner.query(`DROP TABLE "user_totp"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_75af98e6a90d03c9f3e724ab15"`);
    await queryRunner.query(`DROP TABLE "two_factor_code"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_7eabb22ed38459ffc24dc8b415"`);
    await queryRunner.query(`DROP TABLE "password_reset_token"`);
    await queryRunner.query(`DROP TABLE "login_throttle"`);
  }
}
