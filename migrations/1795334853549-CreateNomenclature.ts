import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Administration lists (nomenclature module): the values and the per-company mark of seeded defaults. */
export class CreateNomenclature1795334853549 implements MigrationInterface {
  name = 'CreateNomenclature1795334853549';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "nomenclature_item" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "kind" character varying(40) NOT NULL, "label" character varying(180) NOT NULL, "position" integer NOT NULL DEFAULT '0', "active" boolean NOT NULL DEFAULT true, "version" integer NOT NULL DEFAULT '1', "deleted_at" TIMESTAMP WITH TIME ZONE, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_nomenclature_item_position" CHECK ("position" >= 0), CONSTRAINT "PK_918dfe8590fa643e4425899fb7b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_nomenclature_item_list" ON "nomenclature_item"  ("tenant_id", "kind", "position") `);
    await queryRunner.query(`CREATE TABLE "nomenclature_seed" ("tenant_id" integer NOT NULL, "kind" character varying(40) NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_dc691987de0c87be79e153116a4" PRIMARY KEY ("tenant_id", "kind"))`);
    await queryRunner.query(`ALTER TABLE "nomenclature_item" ADD CONSTRAINT "FK_fb21df320f37f837e59f2a13e52" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "nomenclature_seed" ADD CONSTRAINT "FK_861842d5725b5d0d5dd84e62327" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "nomenclature_seed" DROP CONSTRAINT "FK_861842d5725b5d0d5dd84e62327"`);
    await queryRunner.query(`ALTER TABLE "nomenclature_item" DROP CONSTRAINT "FK_fb21df320f37f837e59f2a13e52"`);
    await queryRunner.query(`DROP TABLE "nomenclature_seed"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_nomenclature_item_list"`);
    await queryRunner.query(`DROP TABLE "nomenclature_item"`);
  }
}
