import type { MigrationInterface, QueryRunner } from 'typeorm';
import { wasteCodeRows } from '../server/modules/waste/core/ced-codes';

/** CreateWaste: the waste module's tables (issue 26 items 5-6) and the European waste list, loaded from `ced-codes.fr.json`. */
export class CreateWaste1795791305478 implements MigrationInterface {
  name = 'CreateWaste1795791305478';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "waste_code" ("code" character varying(6) NOT NULL, "level" smallint NOT NULL, "parent_code" character varying(6), "label" text NOT NULL, "hazardous" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_15489ed3029a7de42dc290b8712" PRIMARY KEY ("code"))`);
    await queryRunner.query(`CREATE INDEX "IDX_waste_code_parent" ON "waste_code"  ("parent_code") `);
    await queryRunner.query(`CREATE TABLE "waste_container" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "capacity" numeric(10,3), "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_fd9f67385d12cb843d29a85cf5b" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_waste_container_list" ON "waste_container"  ("tenant_id", "name", "id") `);
    await queryRunner.query(`CREATE TABLE "waste_family" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "name" character varying(180) NOT NULL, "version" integer NOT NULL DEFAULT '1', CONSTRAINT "PK_e5e7ce9d705b544e9347bc12e41" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_waste_family_list" ON "waste_family"  ("tenant_id", "name", "id") `);
    await queryRunner.query(`CREATE TABLE "waste" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "label" character varying(255) NOT NULL, "ced_code" character varying(6) NOT NULL, "family_id" integer, "internal_code" character varying(60), "to_analysis" boolean NOT NULL DEFAULT false, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f9168df990c4ee8a4c4b94724b1" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_waste_code" ON "waste"  ("ced_code") `);
    await queryRunner.query(`CREATE INDEX "IDX_waste_family" ON "waste"  ("tenant_id", "family_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_waste_list" ON "waste"  ("tenant_id", "label", "id") `);
    await queryRunner.query(`CREATE TABLE "waste_voucher" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "number" character varying(60) NOT NULL, "collection_date" date NOT NULL, "waste_id" integer NOT NULL, "container_id" integer, "weight_t" numeric(12,3) NOT NULL, "site_id" integer NOT NULL, "carrier_id" integer, "consignee_id" integer, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_461f770d6338288bed5776765c2" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE UNIQUE INDEX "UQ_waste_voucher_number" ON "waste_voucher"  ("tenant_id", "number") `);
    await queryRunner.query(`CREATE INDEX "IDX_waste_voucher_container" ON "waste_voucher"  ("tenant_id", "container_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_waste_voucher_waste" ON "waste_voucher"  ("tenant_id", "waste_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_waste_voucher_site" ON "waste_voucher"  ("tenant_id", "site_id", "collection_date", "id") `);
    await queryRunner.query(`CREATE INDEX "IDX_waste_voucher_list" ON "waste_voucher"  ("tenant_id", "collection_date", "id") `);
    await queryRunner.query(`CREATE TABLE "cap_certificate" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "code" character varying(60) NOT NULL, "site_id" integer, "ordering_customer_id" integer, "producer_id" integer, "bill_to_id" integer, "comment" text, "version" integer NOT NULL DEFAULT '1', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_766e572e5b8bf5082c338765cb5" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_cap_certificate_list" ON "cap_certificate"  ("tenant_id", "code", "id") `);
    await queryRunner.query(`CREATE TABLE "cap_carrier" ("cap_id" integer NOT NULL, "tiers_id" integer NOT NULL, CONSTRAINT "PK_0fb7069c5713e97cae89f876f11" PRIMARY KEY ("cap_id", "tiers_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_b797b0a54b4f5f4f27633588d8" ON "cap_carrier"  ("cap_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_30a0e97a963fafc59b34d9f17f" ON "cap_carrier"  ("tiers_id") `);
    await queryRunner.query(`CREATE TABLE "cap_waste" ("cap_id" integer NOT NULL, "waste_id" integer NOT NULL, CONSTRAINT "PK_39b4237856c8f7ce18bafce5b7f" PRIMARY KEY ("cap_id", "waste_id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_c1c1aecc8765eb15b1dedebf7a" ON "cap_waste"  ("cap_id") `);
    await queryRunner.query(`CREATE INDEX "IDX_79ebbb59963c33e3d1787902e2" ON "cap_waste"  ("waste_id") `);
    await queryRunner.query(`ALTER TABLE "waste_container" ADD CONSTRAINT "FK_7094b74f00d4f34dc832036fb27" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste_family" ADD CONSTRAINT "FK_d66f7c0c052be232d7824f16d20" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste" ADD CONSTRAINT "FK_d99d23c958aa511e951e596d043" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste" ADD CONSTRAINT "FK_abfe7dd324e8435e0c215f585b0" FOREIGN KEY ("ced_code") REFERENCES "waste_code"("code") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste" ADD CONSTRAINT "FK_e5e7ce9d705b544e9347bc12e41" FOREIGN KEY ("family_id") REFERENCES "waste_family"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" ADD CONSTRAINT "FK_0a4e596e198cbb1b941268f1dfc" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" ADD CONSTRAINT "FK_18be24557a3c202c6423aeee4b1" FOREIGN KEY ("waste_id") REFERENCES "waste"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" ADD CONSTRAINT "FK_f5025a333452e4b9009a2e0080f" FOREIGN KEY ("container_id") REFERENCES "waste_container"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" ADD CONSTRAINT "FK_b47eaebefbe37585972a744c9e8" FOREIGN KEY ("site_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" ADD CONSTRAINT "FK_fcedbfca5b071a368986d690d0f" FOREIGN KEY ("carrier_id") REFERENCES "tiers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" ADD CONSTRAINT "FK_7e33803baa07720172b1203071e" FOREIGN KEY ("consignee_id") REFERENCES "tiers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" ADD CONSTRAINT "FK_33327fbb5497aaf8e768527e31e" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" ADD CONSTRAINT "FK_a7081ef5ec9addeb60bd1dfdee4" FOREIGN KEY ("site_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" ADD CONSTRAINT "FK_bd037cf305876e3007657255886" FOREIGN KEY ("ordering_customer_id") REFERENCES "tiers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" ADD CONSTRAINT "FK_a5158e5b279160d414b40fa3dce" FOREIGN KEY ("producer_id") REFERENCES "tiers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" ADD CONSTRAINT "FK_44d6508a78d5f8ee7006cfc9fb9" FOREIGN KEY ("bill_to_id") REFERENCES "tiers"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "cap_carrier" ADD CONSTRAINT "FK_b797b0a54b4f5f4f27633588d83" FOREIGN KEY ("cap_id") REFERENCES "cap_certificate"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE "cap_carrier" ADD CONSTRAINT "FK_30a0e97a963fafc59b34d9f17f3" FOREIGN KEY ("tiers_id") REFERENCES "tiers"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE "cap_waste" ADD CONSTRAINT "FK_c1c1aecc8765eb15b1dedebf7a8" FOREIGN KEY ("cap_id") REFERENCES "cap_certificate"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    await queryRunner.query(`ALTER TABLE "cap_waste" ADD CONSTRAINT "FK_79ebbb59963c33e3d1787902e26" FOREIGN KEY ("waste_id") REFERENCES "waste"("id") ON DELETE CASCADE ON UPDATE CASCADE`);
    for (const row of wasteCodeRows()) {
      await queryRunner.query('INSERT INTO "waste_code" ("code", "level", "parent_code", "label", "hazardous") VALUES ($1, $2, $3, $4, $5)', [row.code, row.level, row.parentCode, row.label, row.hazardous]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "cap_waste" DROP CONSTRAINT "FK_79ebbb59963c33e3d1787902e26"`);
    await queryRunner.query(`ALTER TABLE "cap_waste" DROP CONSTRAINT "FK_c1c1aecc8765eb15b1dedebf7a8"`);
    await queryRunner.query(`ALTER TABLE "cap_carrier" DROP CONSTRAINT "FK_30a0e97a963fafc59b34d9f17f3"`);
    await queryRunner.query(`ALTER TABLE "cap_carrier" DROP CONSTRAINT "FK_b797b0a54b4f5f4f27633588d83"`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" DROP CONSTRAINT "FK_44d6508a78d5f8ee7006cfc9fb9"`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" DROP CONSTRAINT "FK_a5158e5b279160d414b40fa3dce"`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" DROP CONSTRAINT "FK_bd037cf305876e3007657255886"`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" DROP CONSTRAINT "FK_a7081ef5ec9addeb60bd1dfdee4"`);
    await queryRunner.query(`ALTER TABLE "cap_certificate" DROP CONSTRAINT "FK_33327fbb5497aaf8e768527e31e"`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" DROP CONSTRAINT "FK_7e33803baa07720172b1203071e"`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" DROP CONSTRAINT "FK_fcedbfca5b071a368986d690d0f"`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" DROP CONSTRAINT "FK_b47eaebefbe37585972a744c9e8"`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" DROP CONSTRAINT "FK_f5025a333452e4b9009a2e0080f"`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" DROP CONSTRAINT "FK_18be24557a3c202c6423aeee4b1"`);
    await queryRunner.query(`ALTER TABLE "waste_voucher" DROP CONSTRAINT "FK_0a4e596e198cbb1b941268f1dfc"`);
    await queryRunner.query(`ALTER TABLE "waste" DROP CONSTRAINT "FK_e5e7ce9d705b544e9347bc12e41"`);
    await queryRunner.query(`ALTER TABLE "waste" DROP CONSTRAINT "FK_abfe7dd324e8435e0c215f585b0"`);
    await queryRunner.query(`ALTER TABLE "waste" DROP CONSTRAINT "FK_d99d23c958aa511e951e596d043"`);
    await queryRunner.query(`ALTER TABLE "waste_family" DROP CONSTRAINT "FK_d66f7c0c052be232d7824f16d20"`);
    await queryRunner.query(`ALTER TABLE "waste_container" DROP CONSTRAINT "FK_7094b74f00d4f34dc832036fb27"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_79ebbb59963c33e3d1787902e2"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_c1c1aecc8765eb15b1dedebf7a"`);
    await queryRunner.query(`DROP TABLE "cap_waste"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_30a0e97a963fafc59b34d9f17f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b797b0a54b4f5f4f27633588d8"`);
    await queryRunner.query(`DROP TABLE "cap_carrier"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cap_certificate_list"`);
    await queryRunner.query(`DROP TABLE "cap_certificate"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_voucher_list"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_voucher_site"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_voucher_waste"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_voucher_container"`);
    await queryRunner.query(`DROP INDEX "public"."UQ_waste_voucher_number"`);
    await queryRunner.query(`DROP TABLE "waste_voucher"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_list"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_family"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_code"`);
    await queryRunner.query(`DROP TABLE "waste"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_family_list"`);
    await queryRunner.query(`DROP TABLE "waste_family"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_container_list"`);
    await queryRunner.query(`DROP TABLE "waste_container"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_waste_code_parent"`);
    await queryRunner.query(`DROP TABLE "waste_code"`);
  }
}
