import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * CreateCapDocument: the documents of a CAP certificate (stored files, removed with the certificate), and the
 * index of the certificate list filtered by site, a code unique in the company.
 */
export class CreateCapDocument1795801000001 implements MigrationInterface {
  name = 'CreateCapDocument1795801000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "cap_document" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "cap_id" integer NOT NULL, "file_id" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_6581ec0ea0f6c619fbe8ae5664e" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_cap_document_cap" ON "cap_document"  ("tenant_id", "cap_id", "id") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_cap_certificate_code" ON "cap_certificate"  ("tenant_id", "code") `);
    await queryRunner.query(`CREATE INDEX "IDX_cap_certificate_site" ON "cap_certificate"  ("tenant_id", "site_id", "code", "id") `);
    await queryRunner.query(`ALTER TABLE "cap_document" ADD CONSTRAINT "FK_7140a1206ae7318c0d8fc29f6f7" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "cap_document" ADD CONSTRAINT "FK_00931d30611e0b8e932e64a5113" FOREIGN KEY ("cap_id") REFERENCES "cap_certificate"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "cap_document" ADD CONSTRAINT "FK_50f42c66ecfce08884a1fb20d37" FOREIGN KEY ("file_id") REFERENCES "stored_file"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "cap_document" DROP CONSTRAINT "FK_50f42c66ecfce08884a1fb20d37"`);
    await queryRunner.query(`ALTER TABLE "cap_document" DROP CONSTRAINT "FK_00931d30611e0b8e932e64a5113"`);
    await queryRunner.query(`ALTER TABLE "cap_document" DROP CONSTRAINT "FK_7140a1206ae7318c0d8fc29f6f7"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cap_document_cap"`);
    await queryRunner.query(`DROP TABLE "cap_document"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cap_certificate_site"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_cap_certificate_code"`);
  }
}
