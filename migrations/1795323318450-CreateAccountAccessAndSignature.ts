import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Account delegations (user_delegation) and saved user signatures (user_signature). */
export class CreateAccountAccessAndSignature1795323318450 implements MigrationInterface {
  name = 'CreateAccountAccessAndSignature1795323318450';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "user_delegation" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "delegator_id" integer NOT NULL, "recipient_id" integer NOT NULL, "start_date" date NOT NULL, "end_date" date NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_9931d569e217024219b7e5e313f" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_831102e37acbbf0c6585f20adc" ON "user_delegation"  ("tenant_id", "delegator_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_f2a3d1ec9833eb27f2d3a0c3d5" ON "user_delegation"  ("tenant_id", "recipient_id", "start_date") `);
    await queryRunner.query(`CREATE TABLE "user_signature" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "user_id" integer NOT NULL, "png" bytea NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "UQ_f99486eef2cb1958fc07d93dc0b" UNIQUE ("user_id"), CONSTRAINT "PK_4002ce73d60c400af0796a6089c" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "user_delegation" ADD CONSTRAINT "FK_6b99c9890f2b595400f5e3d30f9" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_delegation" ADD CONSTRAINT "FK_91dc17226da6c954744aec5206c" FOREIGN KEY ("delegator_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_delegation" ADD CONSTRAINT "FK_f7d873410358a4d1ef175ac4f86" FOREIGN KEY ("recipient_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_signature" ADD CONSTRAINT "FK_6350612f534de466e7707c69716" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "user_signature" ADD CONSTRAINT "FK_f99486eef2cb1958fc07d93dc0b" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user_signature" DROP CONSTRAINT "FK_f99486eef2cb1958fc07d93dc0b"`);
    await queryRunner.query(`ALTER TABLE "user_signature" DROP CONSTRAINT "FK_6350612f534de466e7707c69716"`);
    await queryRunner.query(`ALTER TABLE "user_delegation" DROP CONSTRAINT "FK_f7d873410358a4d1ef175ac4f86"`);
    await queryRunner.query(`ALTER TABLE "user_delegation" DROP CONSTRAINT "FK_91dc17226da6c954744aec5206c"`);
    await queryRunner.query(`ALTER TABLE "user_delegation" DROP CONSTRAINT "FK_6b99c9890f2b595400f5e3d30f9"`);
    await queryRunner.query(`DROP TABLE "user_signature"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f2a3d1ec9833eb27f2d3a0c3d5"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_831102e37acbbf0c6585f20adc"`);
    await queryRunner.query(`DROP TABLE "user_delegation"`);
  }
}
