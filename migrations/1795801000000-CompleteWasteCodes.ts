import type { MigrationInterface, QueryRunner } from 'typeorm';
import { wasteCodeRows } from '../server/modules/waste/core/ced-codes';

/**
 * CompleteWasteCodes: chapters 01 to 07, 09 to 11 and 19 of the European waste list were only titles in the
 * first load (CreateWaste); inserts every row of `ced-codes.fr.json` the table lacks. Rows already there are
 * left as they are (`ON CONFLICT DO NOTHING`), so it runs the same on a new or an existing database.
 */
export class CompleteWasteCodes1795801000000 implements MigrationInterface {
  name = 'CompleteWasteCodes1795801000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const row of wasteCodeRows()) {
      await queryRunner.query(
        'INSERT INTO "waste_code" ("code", "level", "parent_code", "label", "hazardous") VALUES ($1, $2, $3, $4, $5) ON CONFLICT ("code") DO NOTHING',
        [row.code, row.level, row.parentCode, row.label, row.hazardous]);
    }
  }

  /** Removes the rows of the completed chapters that no waste uses (a used code stays: `waste.ced_code` references it). */
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM "waste_code" c WHERE c."level" > 1 AND substr(c."code", 1, 2) IN ('01','02','03','04','05','06','07','09','10','11','19')
         AND NOT EXISTS (SELECT 1 FROM "waste" w WHERE w."ced_code" = c."code")
         AND NOT EXISTS (SELECT 1 FROM "waste_code" k WHERE k."parent_code" = c."code")`);
  }
}
