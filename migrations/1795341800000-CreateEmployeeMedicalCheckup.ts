import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Medical check-ups of employees (issue 9, HR health): one row per check-up, next date computed. */
export class CreateEmployeeMedicalCheckup1795341800000 implements MigrationInterface {
  name = 'CreateEmployeeMedicalCheckup1795341800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "employee_medical_checkup" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "employee_id" integer NOT NULL, "type_id" integer NOT NULL, "checkup_date" date NOT NULL, "next_date" date NOT NULL, "comment" text, "alert_sent_at" TIMESTAMP WITH TIME ZONE, "created_by_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_aa89afaa1de0e8dac7ec60f175a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_employee_medical_checkup_employee" ON "employee_medical_checkup"  ("tenant_id", "employee_id", "checkup_date") `);
    await queryRunner.query(`ALTER TABLE "employee_medical_checkup" ADD CONSTRAINT "FK_81d38123e50e2e9edabda8e030f" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee_medical_checkup" ADD CONSTRAINT "FK_39fb32a2bf27b535da3ce4ae731" FOREIGN KEY ("employee_id") REFERENCES "employee"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee_medical_checkup" ADD CONSTRAINT "FK_024d2eb82db97bed62b808c4557" FOREIGN KEY ("type_id") REFERENCES "medical_checkup_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee_medical_checkup" ADD CONSTRAINT "FK_e2df6ad8a94f2bc3b2b17322d9c" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "employee_medical_checkup" DROP CONSTRAINT "FK_e2df6ad8a94f2bc3b2b17322d9c"`);
    await queryRunner.query(`ALTER TABLE "employee_medical_checkup" DROP CONSTRAINT "FK_024d2eb82db97bed62b808c4557"`);
    await queryRunner.query(`ALTER TABLE "employee_medical_checkup" DROP CONSTRAINT "FK_39fb32a2bf27b535da3ce4ae731"`);
    await queryRunner.query(`ALTER TABLE "employee_medical_checkup" DROP CONSTRAINT "FK_81d38123e50e2e9edabda8e030f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_employee_medical_checkup_employee"`);
    await queryRunner.query(`DROP TABLE "employee_medical_checkup"`);
  }
}
