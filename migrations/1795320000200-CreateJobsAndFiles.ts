import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Background jobs (polled with FOR UPDATE SKIP LOCKED) and the stored files of uploads. */
export class CreateJobsAndFiles1795320000200 implements MigrationInterface {
  name = 'CreateJobsAndFiles1795320000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "job" ("id" SERIAL NOT NULL, "tenant_id" integer, "name" character varying(120) NOT NULL, "payload" jsonb NOT NULL DEFAULT '{}', "run_at" TIMESTAMP WITH TIME ZONE NOT NULL, "status" character varying(10) NOT NULL DEFAULT 'pending', "attempts" integer NOT NULL DEFAULT '0', "max_attempts" integer NOT NULL DEFAULT '5', "last_error" text, "locked_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_job_status" CHECK ("status" IN ('pending', 'running', 'done', 'failed')), CONSTRAINT "PK_98ab1c14ff8d1cf80d18703b92f" PRIMARY KEY ("id"))`);
    // The poller only ever looks at due pending jobs, and at running ones to release the stuck.
    await queryRunner.query(`CREATE INDEX "IDX_job_pending_run_at" ON "job"  ("run_at") WHERE "status" = 'pending'`);
    await queryRunner.query(`CREATE INDEX "IDX_job_running_locked_at" ON "job"  ("locked_at") WHERE "status" = 'running'`);
    await queryRunner.query(`CREATE TABLE "stored_file" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "storage_key" character varying(512) NOT NULL, "original_name" character varying(255) NOT NULL, "mime_type" character varying(127) NOT NULL, "size_bytes" bigint NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "created_by" integer, CONSTRAINT "UQ_1b6df0c8a3f3c4f50770ce034df" UNIQUE ("storage_key"), CONSTRAINT "PK_e140967af84027b493a3ff04fbb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_ccf86cdbe89efc546ea902eec6" ON "stored_file"  ("tenant_id", "created_at") `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_ccf86cdbe89efc546ea902eec6"`);
    await queryRunner.query(`DROP TABLE "stored_file"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_job_running_locked_at"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_job_pending_run_at"`);
    await queryRunner.query(`DROP TABLE "job"`);
  }
}
