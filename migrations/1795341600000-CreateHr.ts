import type { MigrationInterface, QueryRunner } from 'typeorm';

/** CreateHr: employees and the HR records other modules build on (generated, then read by hand). */
export class CreateHr1795341600000 implements MigrationInterface {
  name = 'CreateHr1795341600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "accident_type" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(255) NOT NULL, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_f328d27407e3cb8468cb3ae057b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "activity_category" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "code" character varying(30) NOT NULL, "name" character varying(255) NOT NULL, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5d3d888450207667a286922f945" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_activity_category_code" ON "activity_category"  ("tenant_id", "code") WHERE "deleted_at" IS NULL`);
    await queryRunner.query(`CREATE TABLE "medical_checkup_type" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(255) NOT NULL, "frequency_months" integer NOT NULL, "alert_days" integer, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_medical_checkup_type_frequency" CHECK ("frequency_months" > 0), CONSTRAINT "PK_546f1a01e099c4776b67532f940" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE TABLE "employee" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "matricule" character varying(50), "civility" character varying(10), "last_name" character varying(100) NOT NULL, "first_name" character varying(100) NOT NULL DEFAULT '', "email" character varying(180), "phone" character varying(30), "mobile" character varying(30), "entry_date" date, "exit_date" date, "position" character varying(255), "social_security_number" character varying(21), "birth_place" character varying(255), "birth_date" date, "marital_status" character varying(20), "nationality" character varying(100), "contract" character varying(20), "qualification" character varying(255), "insee_code" character varying(10), "coefficient" character varying(20), "medical_checkup_date" date, "next_medical_checkup_date" date, "medical_checkup_type_id" integer, "welcome_booklet" boolean NOT NULL DEFAULT false, "btp_card" character varying(50), "company" character varying(255), "cv_file_id" integer, "job_sheet_file_id" integer, "rtt" numeric(6,2), "paid_leave_number" numeric(6,2) NOT NULL DEFAULT '25', "rest_time" numeric(6,2), "paid_leave_reset_date" date, "activity_category_id" integer, "service_id" integer, "hierarchy_item_id" integer, "user_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_employee_dates" CHECK ("exit_date" IS NULL OR "entry_date" IS NULL OR "exit_date" >= "entry_date"), CONSTRAINT "PK_3c2bc72f03fd5abbbc5ac169498" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_employee_name" ON "employee"  ("tenant_id", "last_name", "first_name") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_employee_matricule" ON "employee"  ("tenant_id", "matricule") WHERE "matricule" IS NOT NULL AND "deleted_at" IS NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_employee_user" ON "employee"  ("user_id") WHERE "user_id" IS NOT NULL`);
    await queryRunner.query(`CREATE TABLE "objective" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "type" character varying(5) NOT NULL, "year" integer NOT NULL, "value" numeric(10,2) NOT NULL, CONSTRAINT "CHK_objective_value" CHECK ("value" >= 0), CONSTRAINT "CHK_objective_type" CHECK ("type" IN ('TF', 'TG')), CONSTRAINT "PK_1084365b2a588160b31361a252e" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_objective" ON "objective"  ("tenant_id", "type", "year") `);
    await queryRunner.query(`CREATE TABLE "paid_leave_request" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "employee_id" integer NOT NULL, "type" character varying(20) NOT NULL DEFAULT 'paid_leave', "rest_time_count" numeric(6,2), "start_date" date NOT NULL, "end_date" date NOT NULL, "state" character varying(20) NOT NULL DEFAULT 'requested', "comment" text, "decision_comment" text, "requested_by_id" integer, "decided_by_id" integer, "decided_at" TIMESTAMP WITH TIME ZONE, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_paid_leave_request_dates" CHECK ("end_date" >= "start_date"), CONSTRAINT "CHK_paid_leave_request_state" CHECK ("state" IN ('requested', 'approved', 'refused', 'cancelled')), CONSTRAINT "CHK_paid_leave_request_type" CHECK ("type" IN ('paid_leave', 'rtt', 'rest_time', 'unpaid', 'other')), CONSTRAINT "PK_310c0fc01ccd397a87ea4481737" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_paid_leave_request_state" ON "paid_leave_request"  ("tenant_id", "state") `);
    await queryRunner.query(`CREATE INDEX "IDX_paid_leave_request_employee" ON "paid_leave_request"  ("tenant_id", "employee_id", "start_date") `);
    await queryRunner.query(`CREATE TABLE "work_time" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "employee_id" integer NOT NULL, "day" date NOT NULL, "hours_worked" numeric(5,2) NOT NULL DEFAULT '0', "overtime" numeric(5,2) NOT NULL DEFAULT '0', "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_work_time_hours" CHECK ("hours_worked" >= 0 AND "hours_worked" <= 24 AND "overtime" >= 0 AND "overtime" <= 24), CONSTRAINT "PK_573f03020d412f81d26343b23db" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_work_time_period" ON "work_time"  ("tenant_id", "day") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_work_time_day" ON "work_time"  ("employee_id", "day") `);
    await queryRunner.query(`CREATE TABLE "work_interruption" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "employee_id" integer NOT NULL, "type" character varying(30) NOT NULL, "accident_date" date, "interruption_start_date" date, "interruption_end_date" date, "severity" character varying(20), "substitute_position" character varying(255), "accident_type_id" integer, "comment" text, "cause" text, "event_id" integer, "created_by_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_work_interruption_dates" CHECK ("interruption_end_date" IS NULL OR ("interruption_start_date" IS NOT NULL AND "interruption_end_date" >= "interruption_start_date")), CONSTRAINT "CHK_work_interruption_required" CHECK (("type" = 'WORK_ACCIDENT' AND "accident_date" IS NOT NULL) OR ("type" <> 'WORK_ACCIDENT' AND "interruption_start_date" IS NOT NULL)), CONSTRAINT "CHK_work_interruption_type" CHECK ("type" IN ('WORK_ACCIDENT', 'COMMUTING_ACCIDENT', 'OCCUPATIONAL_DISEASE', 'SICK_LEAVE', 'UNAVAILABILITY', 'OTHER')), CONSTRAINT "PK_51e1b58686b00c58f2c3d49b1dc" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_work_interruption_period" ON "work_interruption"  ("tenant_id", "interruption_start_date") `);
    await queryRunner.query(`CREATE INDEX "IDX_work_interruption_employee" ON "work_interruption"  ("tenant_id", "employee_id") `);
    await queryRunner.query(`ALTER TABLE "accident_type" ADD CONSTRAINT "FK_e6757ddcc66a83a542dd12140d8" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "activity_category" ADD CONSTRAINT "FK_aea84a5d0d716143697bc2f0a9d" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "medical_checkup_type" ADD CONSTRAINT "FK_e517acda381d42daea17ce57386" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee" ADD CONSTRAINT "FK_b8915b658c2a78a0c1af5d3215c" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee" ADD CONSTRAINT "FK_024d2eb82db97bed62b808c4557" FOREIGN KEY ("medical_checkup_type_id") REFERENCES "medical_checkup_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee" ADD CONSTRAINT "FK_f9ba4ac1904a1668e7706865122" FOREIGN KEY ("cv_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee" ADD CONSTRAINT "FK_80260ba3cb7078234c92d8198cc" FOREIGN KEY ("job_sheet_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee" ADD CONSTRAINT "FK_2f6083085afed34af8ef5f51a69" FOREIGN KEY ("activity_category_id") REFERENCES "activity_category"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee" ADD CONSTRAINT "FK_8db86c8ab59ff12ba736b7b3e03" FOREIGN KEY ("service_id") REFERENCES "service"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee" ADD CONSTRAINT "FK_13f394f3eca3777e2be5596f470" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee" ADD CONSTRAINT "FK_f61258e58ed35475ce1dba03797" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "objective" ADD CONSTRAINT "FK_4296ed28279b847639862a1c95f" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "paid_leave_request" ADD CONSTRAINT "FK_c11cf0aea6378540cbc64be3651" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "paid_leave_request" ADD CONSTRAINT "FK_1739531dffd9ef3032c0320fd87" FOREIGN KEY ("employee_id") REFERENCES "employee"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "paid_leave_request" ADD CONSTRAINT "FK_6077a4e47e7d5dd7acd5ca1af17" FOREIGN KEY ("requested_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "paid_leave_request" ADD CONSTRAINT "FK_46dc7ee3a7d462f3bb7e42deff2" FOREIGN KEY ("decided_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "work_time" ADD CONSTRAINT "FK_3e4131ab016be698786e1d20314" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "work_time" ADD CONSTRAINT "FK_a1feedfb41d80e45954aa2abf5e" FOREIGN KEY ("employee_id") REFERENCES "employee"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "work_interruption" ADD CONSTRAINT "FK_53ccc5355217762b9cd3d65427f" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "work_interruption" ADD CONSTRAINT "FK_db57ae0e4bb2ff8156f3175a509" FOREIGN KEY ("employee_id") REFERENCES "employee"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "work_interruption" ADD CONSTRAINT "FK_fe6623cf66d877d0744dfde609d" FOREIGN KEY ("accident_type_id") REFERENCES "accident_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "work_interruption" ADD CONSTRAINT "FK_f9c7cebb3527d4df33a9f1ad865" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "work_interruption" ADD CONSTRAINT "FK_4121b6c6cec2124f4dafe5c3a17" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "work_interruption" DROP CONSTRAINT "FK_4121b6c6cec2124f4dafe5c3a17"`);
    await queryRunner.query(`ALTER TABLE "work_interruption" DROP CONSTRAINT "FK_f9c7cebb3527d4df33a9f1ad865"`);
    await queryRunner.query(`ALTER TABLE "work_interruption" DROP CONSTRAINT "FK_fe6623cf66d877d0744dfde609d"`);
    await queryRunner.query(`ALTER TABLE "work_interruption" DROP CONSTRAINT "FK_db57ae0e4bb2ff8156f3175a509"`);
    await queryRunner.query(`ALTER TABLE "work_interruption" DROP CONSTRAINT "FK_53ccc5355217762b9cd3d65427f"`);
    await queryRunner.query(`ALTER TABLE "work_time" DROP CONSTRAINT "FK_a1feedfb41d80e45954aa2abf5e"`);
    await queryRunner.query(`ALTER TABLE "work_time" DROP CONSTRAINT "FK_3e4131ab016be698786e1d20314"`);
    await queryRunner.query(`ALTER TABLE "paid_leave_request" DROP CONSTRAINT "FK_46dc7ee3a7d462f3bb7e42deff2"`);
    await queryRunner.query(`ALTER TABLE "paid_leave_request" DROP CONSTRAINT "FK_6077a4e47e7d5dd7acd5ca1af17"`);
    await queryRunner.query(`ALTER TABLE "paid_leave_request" DROP CONSTRAINT "FK_1739531dffd9ef3032c0320fd87"`);
    await queryRunner.query(`ALTER TABLE "paid_leave_request" DROP CONSTRAINT "FK_c11cf0aea6378540cbc64be3651"`);
    await queryRunner.query(`ALTER TABLE "objective" DROP CONSTRAINT "FK_4296ed28279b847639862a1c95f"`);
    await queryRunner.query(`ALTER TABLE "employee" DROP CONSTRAINT "FK_f61258e58ed35475ce1dba03797"`);
    await queryRunner.query(`ALTER TABLE "employee" DROP CONSTRAINT "FK_13f394f3eca3777e2be5596f470"`);
    await queryRunner.query(`ALTER TABLE "employee" DROP CONSTRAINT "FK_8db86c8ab59ff12ba736b7b3e03"`);
    await queryRunner.query(`ALTER TABLE "employee" DROP CONSTRAINT "FK_2f6083085afed34af8ef5f51a69"`);
    await queryRunner.query(`ALTER TABLE "employee" DROP CONSTRAINT "FK_80260ba3cb7078234c92d8198cc"`);
    await queryRunner.query(`ALTER TABLE "employee" DROP CONSTRAINT "FK_f9ba4ac1904a1668e7706865122"`);
    await queryRunner.query(`ALTER TABLE "employee" DROP CONSTRAINT "FK_024d2eb82db97bed62b808c4557"`);
    await queryRunner.query(`ALTER TABLE "employee" DROP CONSTRAINT "FK_b8915b658c2a78a0c1af5d3215c"`);
    await queryRunner.query(`ALTER TABLE "medical_checkup_type" DROP CONSTRAINT "FK_e517acda381d42daea17ce57386"`);
    await queryRunner.query(`ALTER TABLE "activity_category" DROP CONSTRAINT "FK_aea84a5d0d716143697bc2f0a9d"`);
    await queryRunner.query(`ALTER TABLE "accident_type" DROP CONSTRAINT "FK_e6757ddcc66a83a542dd12140d8"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_work_interruption_employee"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_work_interruption_period"`);
    await queryRunner.query(`DROP TABLE "work_interruption"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_work_time_day"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_work_time_period"`);
    await queryRunner.query(`DROP TABLE "work_time"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_paid_leave_request_employee"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_paid_leave_request_state"`);
    await queryRunner.query(`DROP TABLE "paid_leave_request"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_objective"`);
    await queryRunner.query(`DROP TABLE "objective"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_employee_user"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_employee_matricule"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_employee_name"`);
    await queryRunner.query(`DROP TABLE "employee"`);
    await queryRunner.query(`DROP TABLE "medical_checkup_type"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_activity_category_code"`);
    await queryRunner.query(`DROP TABLE "activity_category"`);
    await queryRunner.query(`DROP TABLE "accident_type"`);
  }
}
