import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Tenants, users, roles and their rights, feature toggles, audit log and sessions. */
export class CreateIdentity1795320000000 implements MigrationInterface {
  name = 'CreateIdentity1795320000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "audit_entry" ("id" SERIAL NOT NULL, "tenant_id" integer, "user_id" integer, "event" character varying(40) NOT NULL, "ip" character varying(64), "detail" jsonb NOT NULL DEFAULT '{}', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_58a130a4b9da189f46ba2a01801" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_c2d756f4bdce54156a29024193" ON "audit_entry"  ("tenant_id", "created_at") `);
    await queryRunner.query(`CREATE TABLE "feature_toggle" ("tenant_id" integer NOT NULL, "code" character varying(60) NOT NULL, "enabled" boolean NOT NULL, CONSTRAINT "PK_137911256e391cba53f150da3b6" PRIMARY KEY ("tenant_id", "code"))`);
    await queryRunner.query(`CREATE TABLE "role_right" ("role_id" integer NOT NULL, "right" character varying(120) NOT NULL, CONSTRAINT "PK_dc74898f7efe1bee7af7d98db5d" PRIMARY KEY ("role_id", "right"))`);
    await queryRunner.query(`CREATE TABLE "role" ("id" SERIAL NOT NULL, "code" character varying(60) NOT NULL, "label" character varying(120) NOT NULL, "color" character varying(20) NOT NULL DEFAULT 'blue', "is_system" boolean NOT NULL DEFAULT false, CONSTRAINT "UQ_ee999bb389d7ac0fd967172c41f" UNIQUE ("code"), CONSTRAINT "PK_b36bcfe02fc8de3c57a8b2391c2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "tenant" ("id" SERIAL NOT NULL, "name" character varying(180) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_56211336b5ff35fd944f2259173" UNIQUE ("name"), CONSTRAINT "PK_da8c6efd67bb301e810e56ac139" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "app_user" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "username" character varying(180) NOT NULL, "email" character varying(180) NOT NULL, "password_hash" character varying(255) NOT NULL, "first_name" character varying(100) NOT NULL DEFAULT '', "last_name" character varying(100) NOT NULL DEFAULT '', "locale" character varying(5) NOT NULL DEFAULT 'fr', "enabled" boolean NOT NULL DEFAULT true, "last_login_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "version" integer NOT NULL DEFAULT '1', CONSTRAINT "UQ_c480e576dd71729addbc2d51b67" UNIQUE ("username"), CONSTRAINT "UQ_3fa909d0e37c531ebc237703391" UNIQUE ("email"), CONSTRAINT "PK_22a5c4a3d9b2fb8e4e73fc4ada1" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "user_role" ("user_id" integer NOT NULL, "role_id" integer NOT NULL, CONSTRAINT "PK_f634684acb47c1a158b83af5150" PRIMARY KEY ("user_id", "role_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_d0e5815877f7395a198a4cb0a4" ON "user_role"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_32a6fc2fcb019d8e3a8ace0f55" ON "user_role"  ("role_id") `);
    await queryRunner.query(`CREATE TABLE "user_tenant" ("user_id" integer NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "PK_225891cc5883f1c35aa9091642c" PRIMARY KEY ("user_id", "tenant_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_43002a9a9cfa6ba3e1d250f25b" ON "user_tenant"  ("user_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_2393aeb9c992e95d200b13528b" ON "user_tenant"  ("tenant_id") `);
    await queryRunner.query(`ALTER TABLE "role_right" ADD CONSTRAINT "FK_8a5086d797dda28a0449d64c89a" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "app_user" ADD CONSTRAINT "FK_29ed668eb2c458a129aa6bbd31a" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_role" ADD CONSTRAINT "FK_d0e5815877f7395a198a4cb0a46" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE "user_role" ADD CONSTRAINT "FK_32a6fc2fcb019d8e3a8ace0f55f" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE "user_tenant" ADD CONSTRAINT "FK_43002a9a9cfa6ba3e1d250f25b6" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE "user_tenant" ADD CONSTRAINT "FK_2393aeb9c992e95d200b13528b5" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    // Sessions (connect-pg-simple's table): not an entity, so written by hand.
    await queryRunner.query(`CREATE TABLE "session" ("sid" varchar NOT NULL, "sess" json NOT NULL, "expire" timestamp(6) NOT NULL, CONSTRAINT "session_pkey" PRIMARY KEY ("sid"))`);
    await queryRunner.query(`CREATE INDEX "IDX_session_expire" ON "session" ("expire")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "session"`);
    await queryRunner.query(`ALTER TABLE "user_tenant" DROP CONSTRAINT "FK_2393aeb9c992e95d200b13528b5"`);
    await queryRunner.query(`ALTER TABLE "user_tenant" DROP CONSTRAINT "FK_43002a9a9cfa6ba3e1d250f25b6"`);
    await queryRunner.query(`ALTER TABLE "user_role" DROP CONSTRAINT "FK_32a6fc2fcb019d8e3a8ace0f55f"`);
    await queryRunner.query(`ALTER TABLE "user_role" DROP CONSTRAINT "FK_d0e5815877f7395a198a4cb0a46"`);
    await queryRunner.query(`ALTER TABLE "app_user" DROP CONSTRAINT "FK_29ed668eb2c458a129aa6bbd31a"`);
    await queryRunner.query(`ALTER TABLE "role_right" DROP CONSTRAINT "FK_8a5086d797dda28a0449d64c89a"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_2393aeb9c992e95d200b13528b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_43002a9a9cfa6ba3e1d250f25b"`);
    await queryRunner.query(`DROP TABLE "user_tenant"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_32a6fc2fcb019d8e3a8ace0f55"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d0e5815877f7395a198a4cb0a4"`);
    await queryRunner.query(`DROP TABLE "user_role"`);
    await queryRunner.query(`DROP TABLE "app_user"`);
    await queryRunner.query(`DROP TABLE "tenant"`);
    await queryRunner.query(`DROP TABLE "role"`);
    await queryRunner.query(`DROP TABLE "role_right"`);
    await queryRunner.query(`DROP TABLE "feature_toggle"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c2d756f4bdce54156a29024193"`);
    await queryRunner.query(`DROP TABLE "audit_entry"`);
  }
}
