import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Events of every kind (event), their people, visit observations / audit findings, files, and the custom event types. */
export class CreateEvent1795335559741 implements MigrationInterface {
  name = 'CreateEvent1795335559741';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "event_type" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "menu_label" character varying(180) NOT NULL, "active" boolean NOT NULL DEFAULT true, "domain_id" integer, "show_service" boolean NOT NULL DEFAULT true, "show_supervisor" boolean NOT NULL DEFAULT true, "show_collaborators" boolean NOT NULL DEFAULT true, "show_performers" boolean NOT NULL DEFAULT false, "show_domains" boolean NOT NULL DEFAULT true, "show_observations" boolean NOT NULL DEFAULT true, "show_files" boolean NOT NULL DEFAULT true, "show_confidential" boolean NOT NULL DEFAULT false, "auto_action" boolean NOT NULL DEFAULT false, "auto_action_text" text, "questionnaire_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_d968f34984d7d85d96f782872fe" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_83a6e80d8241dee7d197c9fb59" ON "event_type"  ("tenant_id", "active") `);
    await queryRunner.query(`CREATE TABLE "event" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "kind" character varying(20) NOT NULL, "event_type_id" integer, "questionnaire_id" integer, "status" character varying(30) NOT NULL DEFAULT 'DRAFT', "subject" character varying(255) NOT NULL DEFAULT '', "event_date" date, "service_id" integer, "hierarchy_item_id" integer, "supervisor_id" integer, "creator_id" integer, "confidential" boolean NOT NULL DEFAULT false, "notified" boolean NOT NULL DEFAULT false, "observations" text, "main_source_id" integer, "domain_ids" integer array NOT NULL DEFAULT '{}', "project_id" integer, "conformity_rate" double precision, "work_unit_id" integer, "injury_type_ids" integer array NOT NULL DEFAULT '{}', "injury_site_ids" integer array NOT NULL DEFAULT '{}', "ppe_ids" integer array NOT NULL DEFAULT '{}', "state_of_play" text, "ambiance" text, "victim_activity" text, "equipment" text, "technical_causes" text, "human_causes" text, "organisational_causes" text, "visit_type" character varying(20), "vehicle_brand" character varying(100), "vehicle_model" character varying(100), "vehicle_registration" character varying(20), "auto_action_done" boolean NOT NULL DEFAULT false, "answer_actions" jsonb NOT NULL DEFAULT '[]', "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE, "deleted_at" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_event_visit_type" CHECK ("visit_type" IS NULL OR "visit_type" IN ('COLLABORATOR', 'AGENCY', 'VEHICLE')), CONSTRAINT "CHK_event_status" CHECK ("status" IN ('DRAFT', 'IN_PROGRESS', 'WAITING_SUPERVISOR', 'CLOSED', 'ABANDONED')), CONSTRAINT "CHK_event_kind" CHECK ("kind" IN ('generic', 'at', 'qhp', 'rex', 'vms', 'audit', 'construction_site', 'custom')), CONSTRAINT "PK_30c2f3bbaf6d34a55f8ae6e4614" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_eabc7426280166c6404c63f707" ON "event"  ("tenant_id", "kind") `);
    await queryRunner.query(`CREATE INDEX "IDX_a040e730dcb3f9c398495dd446" ON "event"  ("tenant_id", "event_date") `);
    await queryRunner.query(`CREATE INDEX "IDX_1597a8b4d363d53102a1e81390" ON "event"  ("tenant_id", "status") `);
    await queryRunner.query(`CREATE TABLE "event_file" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "event_id" integer NOT NULL, "file_id" integer NOT NULL, "label" character varying(255) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_586ef3e6475d02975e2017a8ecf" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_fd96102336e1676c7315f42293" ON "event_file"  ("event_id") `);
    await queryRunner.query(`CREATE TABLE "event_finding" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "event_id" integer NOT NULL, "kind" character varying(30) NOT NULL, "description" text NOT NULL, "risk_perception" character varying(2), "position" integer NOT NULL DEFAULT '0', "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_event_finding_risk" CHECK ("risk_perception" IS NULL OR "risk_perception" IN ('PF', 'PP', 'PS', 'NC')), CONSTRAINT "CHK_event_finding_kind" CHECK ("kind" IN ('positive_point', 'dangerous_act', 'hazardous_condition', 'strong_point', 'non_conformity', 'sensitive_point', 'improvement')), CONSTRAINT "PK_e54b86a1ef5b962651809802225" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_097d3dff9eda98f3469e5f848c" ON "event_finding"  ("event_id", "position") `);
    await queryRunner.query(`CREATE TABLE "event_person" ("event_id" integer NOT NULL, "user_id" integer NOT NULL, "role" character varying(20) NOT NULL, "tenant_id" integer NOT NULL, CONSTRAINT "CHK_event_person_role" CHECK ("role" IN ('collaborator', 'performer')), CONSTRAINT "PK_0a997acbeab124f363761090aa4" PRIMARY KEY ("event_id", "user_id", "role"))`);
    await queryRunner.query(`ALTER TABLE "event_type" ADD CONSTRAINT "FK_7bdf627d12fa47017e4fb1e5443" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event" ADD CONSTRAINT "FK_b5bbcf4bf7a723a05c76ebea33b" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event" ADD CONSTRAINT "FK_b966ddf4f5772104155218035a6" FOREIGN KEY ("event_type_id") REFERENCES "event_type"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event" ADD CONSTRAINT "FK_df0e9f80b46554bebae8cef97c0" FOREIGN KEY ("service_id") REFERENCES "service"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event" ADD CONSTRAINT "FK_b3e817c370f6139f1531c8d0a98" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event" ADD CONSTRAINT "FK_2f51071551096789470921c60c0" FOREIGN KEY ("supervisor_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event" ADD CONSTRAINT "FK_25cfbefb1f85a771e03c6cbf105" FOREIGN KEY ("creator_id") REFERENCES "app_user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event" ADD CONSTRAINT "FK_bce7e0c5a12d3470e251f19af3e" FOREIGN KEY ("work_unit_id") REFERENCES "work_unit"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event_file" ADD CONSTRAINT "FK_b81f69ea773f68920d0f7c53d7d" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event_file" ADD CONSTRAINT "FK_fd96102336e1676c7315f422935" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event_file" ADD CONSTRAINT "FK_0be7a36c58a3fca3b05c2f452e4" FOREIGN KEY ("file_id") REFERENCES "stored_file"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event_finding" ADD CONSTRAINT "FK_ab878539b8a5529b1326461541e" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event_finding" ADD CONSTRAINT "FK_9d0ccc95a7d0879579724c51b90" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event_person" ADD CONSTRAINT "FK_4df9ca64d9fe1b6ac626eae43a2" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event_person" ADD CONSTRAINT "FK_d56dd4b86deb310873df6ef55fc" FOREIGN KEY ("event_id") REFERENCES "event"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "event_person" ADD CONSTRAINT "FK_cadc9154c6dd3d97fb04f0d332f" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "event_person" DROP CONSTRAINT "FK_cadc9154c6dd3d97fb04f0d332f"`);
    await queryRunner.query(`ALTER TABLE "event_person" DROP CONSTRAINT "FK_d56dd4b86deb310873df6ef55fc"`);
    await queryRunner.query(`ALTER TABLE "event_person" DROP CONSTRAINT "FK_4df9ca64d9fe1b6ac626eae43a2"`);
    await queryRunner.query(`ALTER TABLE "event_finding" DROP CONSTRAINT "FK_9d0ccc95a7d0879579724c51b90"`);
    await queryRunner.query(`ALTER TABLE "event_finding" DROP CONSTRAINT "FK_ab878539b8a5529b1326461541e"`);
    await queryRunner.query(`ALTER TABLE "event_file" DROP CONSTRAINT "FK_0be7a36c58a3fca3b05c2f452e4"`);
    await queryRunner.query(`ALTER TABLE "event_file" DROP CONSTRAINT "FK_fd96102336e1676c7315f422935"`);
    await queryRunner.query(`ALTER TABLE "event_file" DROP CONSTRAINT "FK_b81f69ea773f68920d0f7c53d7d"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_bce7e0c5a12d3470e251f19af3e"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_25cfbefb1f85a771e03c6cbf105"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_2f51071551096789470921c60c0"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_b3e817c370f6139f1531c8d0a98"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_df0e9f80b46554bebae8cef97c0"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_b966ddf4f5772104155218035a6"`);
    await queryRunner.query(`ALTER TABLE "event" DROP CONSTRAINT "FK_b5bbcf4bf7a723a05c76ebea33b"`);
    await queryRunner.query(`ALTER TABLE "event_type" DROP CONSTRAINT "FK_7bdf627d12fa47017e4fb1e5443"`);
    await queryRunner.query(`DROP TABLE "event_person"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_097d3dff9eda98f3469e5f848c"`);
    await queryRunner.query(`DROP TABLE "event_finding"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_fd96102336e1676c7315f42293"`);
    await queryRunner.query(`DROP TABLE "event_file"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1597a8b4d363d53102a1e81390"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a040e730dcb3f9c398495dd446"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_eabc7426280166c6404c63f707"`);
    await queryRunner.query(`DROP TABLE "event"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_83a6e80d8241dee7d197c9fb59"`);
    await queryRunner.query(`DROP TABLE "event_type"`);
  }
}
