import type { MigrationInterface, QueryRunner } from 'typeorm';

/** `permit_person.plan_staff_id`: a permit's person chosen among the plan's outside workers (issue 25 item 11). */
export class PermitPersonPlanStaff1795792000000 implements MigrationInterface {
  name = 'PermitPersonPlanStaff1795792000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "permit_person" ADD "plan_staff_id" integer`);
    await queryRunner.query(`ALTER TABLE "permit_person" ADD CONSTRAINT "FK_420d01debbeafd1b9a97b90a8c0" FOREIGN KEY ("plan_staff_id") REFERENCES "plan_staff"("id") ON DELETE SET NULL ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "permit_person" DROP CONSTRAINT "FK_420d01debbeafd1b9a97b90a8c0"`);
    await queryRunner.query(`ALTER TABLE "permit_person" DROP COLUMN "plan_staff_id"`);
  }
}
