import type { MigrationInterface, QueryRunner } from 'typeorm';

/** AddPpspsFiles: the paper and external files of a PPSPS (validate_manual, validate_external_file; generated, then read by hand). */
export class AddPpspsFiles1795340900000 implements MigrationInterface {
  name = 'AddPpspsFiles1795340900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ppsps" ADD "signed_file_id" integer`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD "external_file_id" integer`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_3188487a3b133caddc67eb222cb" FOREIGN KEY ("signed_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "ppsps" ADD CONSTRAINT "FK_7ee0a050ce0790ec8c02b75697c" FOREIGN KEY ("external_file_id") REFERENCES "stored_file"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_7ee0a050ce0790ec8c02b75697c"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP CONSTRAINT "FK_3188487a3b133caddc67eb222cb"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP COLUMN "external_file_id"`);
    await queryRunner.query(`ALTER TABLE "ppsps" DROP COLUMN "signed_file_id"`);
  }
}
