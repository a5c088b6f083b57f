import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The HR manager role of every company gets « Gérer les indisponibilités » (`project.unavailability`):
 * the calendar's unavailability mode records work accidents and stoppages, the HR manager's own work
 * (issue 25 item 8). New companies get it from the role's defaults; this gives it once to the
 * companies created before. Down removes nothing an administrator may have granted by hand.
 */
export class HrManagerUnavailability1795771000000 implements MigrationInterface {
  name = 'HrManagerUnavailability1795771000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "role_right" ("role_id", "right") SELECT r."id", 'project.unavailability' FROM "role" r WHERE r."code" = 'hr_manager' ON CONFLICT DO NOTHING`);
  }

  async down(): Promise<void> {
    // Nothing: the right may have been granted by an administrator before this migration.
  }
}
