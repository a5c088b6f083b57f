import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signed history of the unique risk document (issue 23 item 5): frozen versions and the
 * reminders mailed for them. Versions are kept 40 years: a trigger refuses DELETE, and any UPDATE
 * but the one that fills the signature (signed_at, signer_name, signature_image, signed_by_id)
 * of a version not yet signed, every other column unchanged.
 */
export class CreateDuHistoryVersion1795762220555 implements MigrationInterface {
  name = 'CreateDuHistoryVersion1795762220555';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE "du_history_version" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "hierarchy_item_id" integer NOT NULL, "number" integer NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL, "created_by_id" integer, "pdf_file_id" integer NOT NULL, "pdf_sha256" character varying(64) NOT NULL, "data" text NOT NULL, "data_sha256" character varying(64) NOT NULL, "previous_hash" character varying(64), "hash" character varying(64) NOT NULL, "signed_at" TIMESTAMP WITH TIME ZONE, "signer_name" character varying(255), "signature_image" text, "signed_by_id" integer, CONSTRAINT "UQ_du_history_version_number" UNIQUE ("tenant_id", "hierarchy_item_id", "number"), CONSTRAINT "PK_78c6447ace49b08ea0fa59abefb" PRIMARY KEY ("id"))`);
    await queryRunner.query(`CREATE INDEX "IDX_du_history_version_signed" ON "du_history_version"  ("tenant_id", "signed_at") `);
    await queryRunner.query(`CREATE TABLE "du_history_reminder" ("id" SERIAL NOT NULL, "tenant_id" integer NOT NULL, "version_id" integer NOT NULL, "sent_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "UQ_51aefcf31de90f7a1d6862a85e0" UNIQUE ("version_id"), CONSTRAINT "PK_2f800d896e6a8eee4e7e3b30095" PRIMARY KEY ("id"))`);
    await queryRunner.query(`ALTER TABLE "du_history_version" ADD CONSTRAINT "FK_795faeeaaaa7bfc4049da135e8d" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_history_version" ADD CONSTRAINT "FK_26f902628ee26f8c5059aae4a84" FOREIGN KEY ("hierarchy_item_id") REFERENCES "hierarchy_item"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_history_version" ADD CONSTRAINT "FK_e8f194f7debf61667a6cf276b6d" FOREIGN KEY ("created_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_history_version" ADD CONSTRAINT "FK_30481f14e1021987d2e02efcda7" FOREIGN KEY ("pdf_file_id") REFERENCES "stored_file"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_history_version" ADD CONSTRAINT "FK_70a937808080598fcd45c6f03ab" FOREIGN KEY ("signed_by_id") REFERENCES "app_user"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_history_reminder" ADD CONSTRAINT "FK_f5cddc81ce4cf9f5023df8629ad" FOREIGN KEY ("tenant_id") REFERENCES "tenant"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`ALTER TABLE "du_history_reminder" ADD CONSTRAINT "FK_51aefcf31de90f7a1d6862a85e0" FOREIGN KEY ("version_id") REFERENCES "du_history_version"("id") ON DELETE RESTRICT ON UPDATE NO ACTION`);
    await queryRunner.query(`CREATE FUNCTION du_history_version_frozen() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          RAISE EXCEPTION 'du_history_version %: une version du document unique ne peut pas être supprimée', OLD.id;
        END IF;
        IF OLD.signed_at IS NOT NULL OR NEW.signed_at IS NULL OR NEW.signer_name IS NULL OR NEW.signature_image IS NULL
           OR (NEW.id, NEW.tenant_id, NEW.hierarchy_item_id, NEW.number, NEW.created_at, NEW.created_by_id, NEW.pdf_file_id,
               NEW.pdf_sha256, NEW.data, NEW.data_sha256, NEW.previous_hash, NEW.hash)
              IS DISTINCT FROM
              (OLD.id, OLD.tenant_id, OLD.hierarchy_item_id, OLD.number, OLD.created_at, OLD.created_by_id, OLD.pdf_file_id,
               OLD.pdf_sha256, OLD.data, OLD.data_sha256, OLD.previous_hash, OLD.hash) THEN
          RAISE EXCEPTION 'du_history_version %: une version du document unique ne peut pas être modifiée (seule sa signature est ajoutée, une fois)', OLD.id;
        END IF;
        RETURN NEW;
      END
    $fn$`);
    await queryRunner.query(`CREATE TRIGGER du_history_version_frozen BEFORE UPDATE OR DELETE ON "du_history_version" FOR EACH ROW EXECUTE FUNCTION du_history_version_frozen()`);
    await queryRunner.query(`CREATE FUNCTION du_history_reminder_frozen() RETURNS trigger LANGUAGE plpgsql AS $fn$
      BEGIN
        RAISE EXCEPTION 'du_history_reminder %: un rappel envoyé ne change plus', OLD.id;
      END
    $fn$`);
    await queryRunner.query(`CREATE TRIGGER du_history_reminder_frozen BEFORE UPDATE OR DELETE ON "du_history_reminder" FOR EACH ROW EXECUTE FUNCTION du_history_reminder_frozen()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER du_history_reminder_frozen ON "du_history_reminder"`);
    await queryRunner.query(`DROP FUNCTION du_history_reminder_frozen()`);
    await queryRunner.query(`DROP TRIGGER du_history_version_frozen ON "du_history_version"`);
    await queryRunner.query(`DROP FUNCTION du_history_version_frozen()`);
    await queryRunner.query(`ALTER TABLE "du_history_reminder" DROP CONSTRAINT "FK_51aefcf31de90f7a1d6862a85e0"`);
    await queryRunner.query(`ALTER TABLE "du_history_reminder" DROP CONSTRAINT "FK_f5cddc81ce4cf9f5023df8629ad"`);
    await queryRunner.query(`ALTER TABLE "du_history_version" DROP CONSTRAINT "FK_70a937808080598fcd45c6f03ab"`);
    await queryRunner.query(`ALTER TABLE "du_history_version" DROP CONSTRAINT "FK_30481f14e1021987d2e02efcda7"`);
    await queryRunner.query(`ALTER TABLE "du_history_version" DROP CONSTRAINT "FK_e8f194f7debf61667a6cf276b6d"`);
    await queryRunner.query(`ALTER TABLE "du_history_version" DROP CONSTRAINT "FK_26f902628ee26f8c5059aae4a84"`);
    await queryRunner.query(`ALTER TABLE "du_history_version" DROP CONSTRAINT "FK_795faeeaaaa7bfc4049da135e8d"`);
    await queryRunner.query(`DROP TABLE "du_history_reminder"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_du_history_version_signed"`);
    await queryRunner.query(`DROP TABLE "du_history_version"`);
  }
}
