import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Invitations to the prior joint inspection of a plan and their recipients (issue 6). */
export class CreatePlanInspectionInvitations1795340620000 implements MigrationInterface {
  name = 'CreatePlanInspectionInvitations1795340620000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "plan_inspection_invitation" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "plan_id" integer NOT NULL, "inspection_at" TIMESTAMP WITH TIME ZONE NOT NULL, "meeting_point" character varying(255), "facilities" text NOT NULL, "message" text NOT NULL, "cse_informed_at" TIMESTAMP WITH TIME ZONE, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_by_id" integer, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6b48ac9c054c895701dc297b276" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_inspection_invitation_plan" ON "plan_inspection_invitation"  ("tenant_id", "plan_id") `);
    await queryRunner.query(`CREATE TABLE "plan_inspection_invitee" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "invitation_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "plan_company_id" integer, "user_id" integer, "name" character varying(255) NOT NULL, "email" character varying(255) NOT NULL, CONSTRAINT "CHK_plan_inspection_invitee_kind" CHECK ("kind" IN ('company', 'user', 'cse')), CONSTRAINT "PK_365190d087d33151ed4a3f49ea2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_plan_inspection_invitee_invitation" ON "plan_inspection_invitee"  ("tenant_id", "invitation_id") `);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitation" ADD CONSTRAINT "FK_a360dc335f2af19fdc5fd964570" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitation" ADD CONSTRAINT "FK_a953aec56442ae2bd715074f3be" FOREIGN KEY ("plan_id") REFERENCES "prevention_plan"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitation" ADD CONSTRAINT "FK_d98764863f1c0962dd37c024b86" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitee" ADD CONSTRAINT "FK_9f694912bd785c9b8a2f2a3a8d9" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitee" ADD CONSTRAINT "FK_5fcdfe4bf89ddd3c123a373e5fb" FOREIGN KEY ("invitation_id") REFERENCES "plan_inspection_invitation"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitee" ADD CONSTRAINT "FK_f28ad654140b2a42f10b8e399af" FOREIGN KEY ("plan_company_id") REFERENCES "plan_company"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitee" ADD CONSTRAINT "FK_a4df10cd6cbc4444ad50e8ef938" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitee" DROP CONSTRAINT "FK_a4df10cd6cbc4444ad50e8ef938"`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitee" DROP CONSTRAINT "FK_f28ad654140b2a42f10b8e399af"`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitee" DROP CONSTRAINT "FK_5fcdfe4bf89ddd3c123a373e5fb"`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitee" DROP CONSTRAINT "FK_9f694912bd785c9b8a2f2a3a8d9"`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitation" DROP CONSTRAINT "FK_d98764863f1c0962dd37c024b86"`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitation" DROP CONSTRAINT "FK_a953aec56442ae2bd715074f3be"`);
    await queryRunner.query(`ALTER TABLE "plan_inspection_invitation" DROP CONSTRAINT "FK_a360dc335f2af19fdc5fd964570"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_inspection_invitee_invitation"`);
    await queryRunner.query(`DROP TABLE "plan_inspection_invitee"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_plan_inspection_invitation_plan"`);
    await queryRunner.query(`DROP TABLE "plan_inspection_invitation"`);
  }
}
