import type { DataSource } from 'typeorm';

/** The demo certificates: code, wastes (demo labels), comment; companies are the CRM's first ones. */
const DEMO: Array<[string, string[], string]> = [
  ['CAP-DEMO-001', ['Huiles moteur usagées', 'Chiffons et absorbants souillés'], 'Acceptation pour l\'année en cours, analyse annuelle jointe.'],
  ['CAP-DEMO-002', ['Déchets industriels banals en mélange', 'Bois de palettes'], 'Enlèvement en benne, tri sur le site de l\'installation.'],
];

/**
 * Two demo CAP certificates from the company's first hierarchy item, over the demo wastes, the
 * ordering customer, producer, customer to bill and carrier taken among the first CRM companies when
 * it has some. Given once: nothing is added when the company already has a certificate.
 */
export async function seedCertificateDemo(db: DataSource, tenantId: number): Promise<void> {
  const [existing] = await db.query('SELECT 1 FROM cap_certificate WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (existing) return;
  const [site] = await db.query('SELECT id FROM hierarchy_item WHERE tenant_id = $1 ORDER BY id LIMIT 1', [tenantId]);
  const tiers: Array<{ id: number }> = await db.query('SELECT id FROM tiers WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 4', [tenantId]);
  const company = (i: number): number | null => tiers[i % Math.max(tiers.length, 1)]?.id ?? null;
  await db.transaction(async (m) => {
    for (const [n, [code, labels, comment]] of DEMO.entries()) {
      const [cap] = await m.query(
        `INSERT INTO cap_certificate (tenant_id, code, site_id, ordering_customer_id, producer_id, bill_to_id, comment)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, [tenantId, code, site?.id ?? null, company(0), company(1), company(0), comment]);
      const carriers = [company(2 + n), company(3)].filter((x): x is number => x !== null);
      if (carriers.length) await m.query('INSERT INTO cap_carrier (cap_id, tiers_id) SELECT DISTINCT $1::int, unnest($2::int[])', [cap.id, carriers]);
      await m.query('INSERT INTO cap_waste (cap_id, waste_id) SELECT $1, id FROM waste WHERE tenant_id = $2 AND label = ANY($3::text[])', [cap.id, tenantId, labels]);
    }
  });
}
