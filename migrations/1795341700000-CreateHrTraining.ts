import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Training tables of HR (issue 9): themes, formations, trainers, sessions, attendees and formations held. */
export class CreateHrTraining1795341700000 implements MigrationInterface {
  name = 'CreateHrTraining1795341700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "formation_theme" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(255) NOT NULL, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_d108c8de5d328fb50b3da6b6b2a" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_formation_theme_tenant" ON "formation_theme"  ("tenant_id", "name") `);
    await queryRunner.query(`CREATE TABLE "trainer" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(255) NOT NULL, "company" character varying(255), "email" character varying(180), "phone" character varying(40), "user_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_8dfa741df6d52a0da8ad93f0c7e" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_trainer_tenant" ON "trainer"  ("tenant_id", "name") `);
    await queryRunner.query(`CREATE TABLE "formation" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(255) NOT NULL, "theme_id" integer, "validity_months" integer, "alert_days" integer, "permanent" boolean NOT NULL DEFAULT false, "displayed" boolean NOT NULL DEFAULT true, "employer_authorization" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_formation_alert_days" CHECK ("alert_days" IS NULL OR "alert_days" >= 0), CONSTRAINT "CHK_formation_validity" CHECK (("permanent" AND "validity_months" IS NULL) OR (NOT "permanent" AND "validity_months" > 0)), CONSTRAINT "PK_0b7ed8d0239c80921e788650b0d" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_formation_tenant" ON "formation"  ("tenant_id", "name") `);
    await queryRunner.query(`CREATE TABLE "training_session" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "theme_id" integer, "formation_id" integer NOT NULL, "trainer_id" integer, "start_at" TIMESTAMP WITH TIME ZONE NOT NULL, "end_at" TIMESTAMP WITH TIME ZONE NOT NULL, "location" character varying(255), "hours" numeric(6,2), "estimated_cost" numeric(12,2), "justification" text, "notified_at" TIMESTAMP WITH TIME ZONE, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_training_session_amounts" CHECK (("hours" IS NULL OR "hours" >= 0) AND ("estimated_cost" IS NULL OR "estimated_cost" >= 0)), CONSTRAINT "CHK_training_session_dates" CHECK ("end_at" >= "start_at"), CONSTRAINT "PK_a17a9657ff5a6e048bfd82c4651" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_training_session_start" ON "training_session"  ("tenant_id", "start_at") `);
    await queryRunner.query(`CREATE TABLE "employee_formation" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "employee_id" integer NOT NULL, "formation_id" integer NOT NULL, "obtained_on" date NOT NULL, "expires_on" date, "session_id" integer, "alerted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_employee_formation_dates" CHECK ("expires_on" IS NULL OR "expires_on" >= "obtained_on"), CONSTRAINT "PK_3b014a06aa894707a8e7b787d90" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_employee_formation_employee" ON "employee_formation"  ("tenant_id", "employee_id", "formation_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_employee_formation_session" ON "employee_formation"  ("session_id", "employee_id") WHERE "session_id" IS NOT NULL`);
    await queryRunner.query(`CREATE TABLE "session_employee" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "session_id" integer NOT NULL, "employee_id" integer NOT NULL, "present" boolean NOT NULL DEFAULT false, "notified_at" TIMESTAMP WITH TIME ZONE, "notification_failed" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_06c3dda7cbe3a846ca721b36a01" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_session_employee_employee" ON "session_employee"  ("employee_id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_session_employee" ON "session_employee"  ("session_id", "employee_id") `);
    await queryRunner.query(`CREATE TABLE "formation_trainer" ("formation_id" integer NOT NULL, "trainer_id" integer NOT NULL, CONSTRAINT "PK_4b306fb646f58223991b34cc35a" PRIMARY KEY ("formation_id", "trainer_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_1db6e73b03ebd172760d81bcd1" ON "formation_trainer"  ("formation_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_49063a842ed118a62a10c3aae8" ON "formation_trainer"  ("trainer_id") `);
    await queryRunner.query(`ALTER TABLE "formation_theme" ADD CONSTRAINT "FK_77911c36b538dae95c525fd0201" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "trainer" ADD CONSTRAINT "FK_3bc7d7de6116920f72bf77b2950" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "trainer" ADD CONSTRAINT "FK_6e688498cd35ac01c77229c3692" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "formation" ADD CONSTRAINT "FK_0b8f38020e65fdedae8dd3b38b6" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "formation" ADD CONSTRAINT "FK_d108c8de5d328fb50b3da6b6b2a" FOREIGN KEY ("theme_id") REFERENCES "formation_theme"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "training_session" ADD CONSTRAINT "FK_8d05020ae68b91b1cba4bda5c39" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "training_session" ADD CONSTRAINT "FK_25d0402d555d42cb9ee9e645280" FOREIGN KEY ("theme_id") REFERENCES "formation_theme"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "training_session" ADD CONSTRAINT "FK_01689026d7175ad55e7f45251e6" FOREIGN KEY ("formation_id") REFERENCES "formation"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "training_session" ADD CONSTRAINT "FK_3bf02afe7d12617e37250440e5e" FOREIGN KEY ("trainer_id") REFERENCES "trainer"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee_formation" ADD CONSTRAINT "FK_4a964f000fc413dad830a6fc753" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee_formation" ADD CONSTRAINT "FK_bca58fa34d11d9f14f3953a052f" FOREIGN KEY ("employee_id") REFERENCES "employee"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee_formation" ADD CONSTRAINT "FK_0c4e16dc891d8ea1094ffa44820" FOREIGN KEY ("formation_id") REFERENCES "formation"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "employee_formation" ADD CONSTRAINT "FK_64578e5b412bc6d8f69755e8431" FOREIGN KEY ("session_id") REFERENCES "training_session"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "session_employee" ADD CONSTRAINT "FK_6562bb2e20030b18ba8dafd61e7" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "session_employee" ADD CONSTRAINT "FK_c4af3e7a7c40e5506db12a9d9e1" FOREIGN KEY ("session_id") REFERENCES "training_session"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "session_employee" ADD CONSTRAINT "FK_72cc1b432c48d3ee0ce0ab6d753" FOREIGN KEY ("employee_id") REFERENCES "employee"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "formation_trainer" ADD CONSTRAINT "FK_1db6e73b03ebd172760d81bcd13" FOREIGN KEY ("formation_id") REFERENCES "formation"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE "formation_trainer" ADD CONSTRAINT "FK_49063a842ed118a62a10c3aae88" FOREIGN KEY ("trainer_id") REFERENCES "trainer"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "formation_trainer" DROP CONSTRAINT "FK_49063a842ed118a62a10c3aae88"`);
    await queryRunner.query(`ALTER TABLE "formation_trainer" DROP CONSTRAINT "FK_1db6e73b03ebd172760d81bcd13"`);
    await queryRunner.query(`ALTER TABLE "session_employee" DROP CONSTRAINT "FK_72cc1b432c48d3ee0ce0ab6d753"`);
    await queryRunner.query(`ALTER TABLE "session_employee" DROP CONSTRAINT "FK_c4af3e7a7c40e5506db12a9d9e1"`);
    await queryRunner.query(`ALTER TABLE "session_employee" DROP CONSTRAINT "FK_6562bb2e20030b18ba8dafd61e7"`);
    await queryRunner.query(`ALTER TABLE "employee_formation" DROP CONSTRAINT "FK_64578e5b412bc6d8f69755e8431"`);
    await queryRunner.query(`ALTER TABLE "employee_formation" DROP CONSTRAINT "FK_0c4e16dc891d8ea1094ffa44820"`);
    await queryRunner.query(`ALTER TABLE "employee_formation" DROP CONSTRAINT "FK_bca58fa34d11d9f14f3953a052f"`);
    await queryRunner.query(`ALTER TABLE "employee_formation" DROP CONSTRAINT "FK_4a964f000fc413dad830a6fc753"`);
    await queryRunner.query(`ALTER TABLE "training_session" DROP CONSTRAINT "FK_3bf02afe7d12617e37250440e5e"`);
    await queryRunner.query(`ALTER TABLE "training_session" DROP CONSTRAINT "FK_01689026d7175ad55e7f45251e6"`);
    await queryRunner.query(`ALTER TABLE "training_session" DROP CONSTRAINT "FK_25d0402d555d42cb9ee9e645280"`);
    await queryRunner.query(`ALTER TABLE "training_session" DROP CONSTRAINT "FK_8d05020ae68b91b1cba4bda5c39"`);
    await queryRunner.query(`ALTER TABLE "formation" DROP CONSTRAINT "FK_d108c8de5d328fb50b3da6b6b2a"`);
    await queryRunner.query(`ALTER TABLE "formation" DROP CONSTRAINT "FK_0b8f38020e65fdedae8dd3b38b6"`);
    await queryRunner.query(`ALTER TABLE "trainer" DROP CONSTRAINT "FK_6e688498cd35ac01c77229c3692"`);
    await queryRunner.query(`ALTER TABLE "trainer" DROP CONSTRAINT "FK_3bc7d7de6116920f72bf77b2950"`);
    await queryRunner.query(`ALTER TABLE "formation_theme" DROP CONSTRAINT "FK_77911c36b538dae95c525fd0201"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_49063a842ed118a62a10c3aae8"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1db6e73b03ebd172760d81bcd1"`);
    await queryRunner.query(`DROP TABLE "formation_trainer"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_session_employee"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_session_employee_employee"`);
    await queryRunner.query(`DROP TABLE "session_employee"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_employee_formation_session"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_employee_formation_employee"`);
    await queryRunner.query(`DROP TABLE "employee_formation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_training_session_start"`);
    await queryRunner.query(`DROP TABLE "training_session"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_formation_tenant"`);
    await queryRunner.query(`DROP TABLE "formation"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_trainer_tenant"`);
    await queryRunner.query(`DROP TABLE "trainer"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_formation_theme_tenant"`);
    await queryRunner.query(`DROP TABLE "formation_theme"`);
  }
}
