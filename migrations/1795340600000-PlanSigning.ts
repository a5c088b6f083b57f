import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Plan signing (issue 6): signing rounds, signatures of companies, staff, internal signers and inspection, amendments. */
export class PlanSigning1795340600000 implements MigrationInterface {
  name = 'PlanSigning1795340600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "plan_amendment" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "plan_id" integer NOT NULL, "number" integer NOT NULL, "reason" text NOT NULL, "automatic" boolean NOT NULL DEFAULT false, "from_state" character varying(30) NOT NULL, "created_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_a18753778daa4f68deadfde7120" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_amendment_plan" ON "plan_amendment"  ("tenant_id", "plan_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_plan_amendment_number" ON "plan_amendment"  ("plan_id", "number") `);
    await queryRunner.query(`CREATE TABLE "plan_signature" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "plan_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "signer_key" character varying(60) NOT NULL, "plan_company_id" integer, "plan_staff_id" integer, "user_id" integer, "signer_name" character varying(255) NOT NULL, "image" text NOT NULL, "has_watermark" boolean NOT NULL DEFAULT false, "channel" character varying(10) NOT NULL, "round" integer NOT NULL DEFAULT '0', "pdf_sha256" character varying(64), "history_id" integer, "signed_at" TIMESTAMP WITH TIME ZONE NOT NULL, "superseded_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_plan_signature_channel" CHECK ("channel" IN ('app', 'site', 'link')), CONSTRAINT "CHK_plan_signature_kind" CHECK ("kind" IN ('company', 'staff', 'internal', 'inspection')), CONSTRAINT "PK_d9a44911ce60a46b749d2dd0f28" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_plan_signature_signer" ON "plan_signature"  ("plan_id", "signer_key", "round") WHERE "superseded_at" IS NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_signature_plan" ON "plan_signature"  ("tenant_id", "plan_id", "round") `);
    await queryRunner.query(`ALTER TABLE "prevention_plan" ADD "amendment_number" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "prevention_plan" ADD "signed_file_id" integer`);
    await queryRunner.query(`ALTER TABLE "prevention_plan" ADD CONSTRAINT "FK_b51f1a436bb8441f009c11a9381" FOREIGN KEY ("signed_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_amendment" ADD CONSTRAINT "FK_b584bb4b018ddcbb7f88f47664f" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_amendment" ADD CONSTRAINT "FK_3f430bb04974fc5bca7f894fe15" FOREIGN KEY ("plan_id") REFERENCES "prevention_plan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_amendment" ADD CONSTRAINT "FK_9dee596fdc96bf8da29ea1ea0a9" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_signature" ADD CONSTRAINT "FK_6531677382c1986f50a853a6ee0" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_signature" ADD CONSTRAINT "FK_328caadacab494b1c0155b3c433" FOREIGN KEY ("plan_id") REFERENCES "prevention_plan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_signature" ADD CONSTRAINT "FK_b76cabac6b3adcc2bf296fe2d96" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan_signature" DROP CONSTRAINT "FK_b76cabac6b3adcc2bf296fe2d96"`);
    await queryRunner.query(`ALTER TABLE "plan_signature" DROP CONSTRAINT "FK_328caadacab494b1c0155b3c433"`);
    await queryRunner.query(`ALTER TABLE "plan_signature" DROP CONSTRAINT "FK_6531677382c1986f50a853a6ee0"`);
    await queryRunner.query(`ALTER TABLE "plan_amendment" DROP CONSTRAINT "FK_9dee596fdc96bf8da29ea1ea0a9"`);
    await queryRunner.query(`ALTER TABLE "plan_amendment" DROP CONSTRAINT "FK_3f430bb04974fc5bca7f894fe15"`);
    await queryRunner.query(`ALTER TABLE "plan_amendment" DROP CONSTRAINT "FK_b584bb4b018ddcbb7f88f47664f"`);
    await queryRunner.query(`ALTER TABLE "prevention_plan" DROP CONSTRAINT "FK_b51f1a436bb8441f009c11a9381"`);
    await queryRunner.query(`ALTER TABLE "prevention_plan" DROP COLUMN "signed_file_id"`);
    await queryRunner.query(`ALTER TABLE "prevention_plan" DROP COLUMN "amendment_number"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_signature_plan"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_plan_signature_signer"`);
    await queryRunner.query(`DROP TABLE "plan_signature"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_plan_amendment_number"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_amendment_plan"`);
    await queryRunner.query(`DROP TABLE "plan_amendment"`);
  }
}
