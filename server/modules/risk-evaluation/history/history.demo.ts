import fs from 'node:fs';
import type { DataSource } from 'typeorm';
import { clock } from '../../../kernel/clock';
import { loadConfig } from '../../../kernel/config';
import { userInTenant } from '../../../kernel/tenancy';
import { demoSignatureImage } from '../../prevention-plan';
import { createVersion, signVersion } from './history.service';

/** The demo's two versions: the yearly update (Code du travail R4121-2) made 13 and 1 months ago. */
const VERSIONS_MONTHS_AGO = [13, 1];
/** Each version is signed the afternoon it was frozen. */
const SIGNED_AFTER_MS = 3 * 3600 * 1000;

function monthsAgo(now: Date, months: number): Date {
  const at = new Date(now);
  at.setMonth(at.getMonth() - months);
  return at;
}

/**
 * The signed history of the demo plant of Lyon-Gerland: two versions a year apart, both signed by
 * the QHSE manager (claire.martin, else the company's first user), made through the module's
 * service so that their PDFs, data and SHA-256 chain are real (`du:verify-history` passes). The
 * latest signature is a month old: the yearly reminder comes 11 months later. Printing needs
 * Chromium: without it, one line is logged and the demo goes on without versions. Once per company.
 */
export async function seedHistoryDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM du_history_version WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const [site] = await db.query(`SELECT id, name FROM hierarchy_item WHERE tenant_id = $1 AND name = 'Usine de Lyon-Gerland' AND deleted_at IS NULL ORDER BY id LIMIT 1`, [tenantId]);
  const [signer] = await db.query(
    `SELECT u.id, NULLIF(TRIM(CONCAT_WS(' ', u.first_name, u.last_name)), '') AS name, u.username FROM app_user u
      WHERE ${userInTenant('u', '$1')} ORDER BY (u.username = 'claire.martin') DESC, u.id LIMIT 1`, [tenantId]);
  if (!site || !signer) return;
  const chromium = loadConfig().chromiumPath;
  if (!fs.existsSync(chromium)) {
    console.warn(`Démo : Chromium introuvable (${chromium}, variable CHROMIUM_PATH) : l'historique signé du document unique est laissé vide.`);
    return;
  }
  const now = clock.now();
  try {
    for (const [n, months] of VERSIONS_MONTHS_AGO.entries()) {
      const createdAt = monthsAgo(now, months);
      const version = await createVersion(db, tenantId, Number(site.id), site.name, Number(signer.id), 'fr', createdAt);
      if (!version) return;
      await signVersion(db, tenantId, version.id, { name: signer.name ?? signer.username, image: demoSignatureImage(60 + n), userId: Number(signer.id) },
        new Date(createdAt.getTime() + SIGNED_AFTER_MS));
    }
  } catch (err) {
    console.warn(`Démo : l'historique signé du document unique n'a pas pu être imprimé (${err instanceof Error ? err.message.split('\n')[0] : String(err)}) ; la démo continue sans.`);
  }
}
