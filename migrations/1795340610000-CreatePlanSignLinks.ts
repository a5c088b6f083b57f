import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Emailed signing links of plans (issue 6): hashed single-use tokens, expiry, revocation and the PDF the signer was shown. */
export class CreatePlanSignLinks1795340610000 implements MigrationInterface {
  name = 'CreatePlanSignLinks1795340610000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "plan_sign_link" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "plan_id" integer NOT NULL, "plan_company_id" integer NOT NULL, "round" integer NOT NULL, "email" character varying(180) NOT NULL, "token_hash" character varying(64) NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, "used_at" TIMESTAMP WITH TIME ZONE, "revoked_at" TIMESTAMP WITH TIME ZONE, "pdf_file_id" integer NOT NULL, "pdf_sha256" character varying(64) NOT NULL, "created_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_453d2e67f20d8b721ec184c7e07" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_sign_link_company" ON "plan_sign_link"  ("tenant_id", "plan_id", "plan_company_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_plan_sign_link_token" ON "plan_sign_link"  ("token_hash") `);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ADD CONSTRAINT "FK_6801cbe1451a9e22d931954c72c" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ADD CONSTRAINT "FK_68ed7088044b6708a44b1bcac39" FOREIGN KEY ("plan_id") REFERENCES "prevention_plan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ADD CONSTRAINT "FK_f02696ba09c4a4699bb6d55d589" FOREIGN KEY ("plan_company_id") REFERENCES "plan_company"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ADD CONSTRAINT "FK_f6dd999255ac54a0048a34da7ff" FOREIGN KEY ("pdf_file_id") REFERENCES "stored_file"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" ADD CONSTRAINT "FK_333fca2fa1fd17edb4f1c305356" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan_sign_link" DROP CONSTRAINT "FK_333fca2fa1fd17edb4f1c305356"`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" DROP CONSTRAINT "FK_f6dd999255ac54a0048a34da7ff"`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" DROP CONSTRAINT "FK_f02696ba09c4a4699bb6d55d589"`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" DROP CONSTRAINT "FK_68ed7088044b6708a44b1bcac39"`);
    await queryRunner.query(`ALTER TABLE "plan_sign_link" DROP CONSTRAINT "FK_6801cbe1451a9e22d931954c72c"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_plan_sign_link_token"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_sign_link_company"`);
    await queryRunner.query(`DROP TABLE "plan_sign_link"`);
  }
}
