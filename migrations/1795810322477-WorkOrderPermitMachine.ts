import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * WorkOrderPermitMachine (issue 26 item 3): the optional machine of a work order and of a permit, a
 * machine of the lockout module (emptied when the machine is deleted), with the company's index.
 */
export class WorkOrderPermitMachine1795810322477 implements MigrationInterface {
  name = 'WorkOrderPermitMachine1795810322477';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "work_order" ADD "machine_id" integer`);
    await queryRunner.query(`ALTER TABLE "permit" ADD "machine_id" integer`);
    await queryRunner.query(`CREATE INDEX "IDX_work_order_machine" ON "work_order"  ("tenant_id", "machine_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_permit_machine" ON "permit"  ("tenant_id", "machine_id") `);
    await queryRunner.query(`ALTER TABLE "work_order" ADD CONSTRAINT "FK_ecd8eff5b62f13bed3707cf47cc" FOREIGN KEY ("machine_id") REFERENCES "lockout_machine"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "permit" ADD CONSTRAINT "FK_30bb19ebbb355d1ea02dd35e2ff" FOREIGN KEY ("machine_id") REFERENCES "lockout_machine"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "permit" DROP CONSTRAINT "FK_30bb19ebbb355d1ea02dd35e2ff"`);
    await queryRunner.query(`ALTER TABLE "work_order" DROP CONSTRAINT "FK_ecd8eff5b62f13bed3707cf47cc"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_permit_machine"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_work_order_machine"`);
    await queryRunner.query(`ALTER TABLE "permit" DROP COLUMN "machine_id"`);
    await queryRunner.query(`ALTER TABLE "work_order" DROP COLUMN "machine_id"`);
  }
}
