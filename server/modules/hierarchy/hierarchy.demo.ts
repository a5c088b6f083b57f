import type { DataSource } from 'typeorm';

async function insert(db: DataSource, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query(`${sql} RETURNING id`, params);
  return row.id;
}

/** The demo company's organisation: Société > Site > Bâtiment, services and work units (idempotent per company). */
export async function seedHierarchyDemo(db: DataSource, tenantId: number): Promise<void> {
  const [done] = await db.query('SELECT 1 FROM hierarchy_type WHERE tenant_id = $1 LIMIT 1', [tenantId]);
  if (done) return;
  const company = await insert(db, 'INSERT INTO hierarchy_type (tenant_id, name, level, attach_action, attach_rh) VALUES ($1, $2, 1, true, true)', [tenantId, 'Société']);
  const site = await insert(db, 'INSERT INTO hierarchy_type (tenant_id, name, level, parent_id, attach_pdp, attach_action, attach_rh, attach_project, attach_consignment) VALUES ($1, $2, 2, $3, true, true, true, true, true)', [tenantId, 'Site', company]);
  const building = await insert(db, 'INSERT INTO hierarchy_type (tenant_id, name, level, parent_id, attach_pdp, attach_action, attach_consignment) VALUES ($1, $2, 3, $3, true, true, true)', [tenantId, 'Bâtiment', site]);

  const item = (name: string, type: number, parent: number | null, extra: Record<string, unknown> = {}) => {
    const cols = ['tenant_id', 'name', 'type_id', 'parent_id', ...Object.keys(extra)];
    const values = [tenantId, name, type, parent, ...Object.values(extra)];
    return insert(db, `INSERT INTO hierarchy_item (${cols.join(', ')}) VALUES (${cols.map((_, i) => `$${i + 1}`).join(', ')})`, values);
  };
  const root = await item('Démo Industrie SAS', company, null, { company_name: 'Démo Industrie SAS', address: '12 rue de la République', zip_code: '69002', city: 'Lyon', country: 'France', emergency_numbers: 'SAMU 15 – Pompiers 18 – Police 17 – Urgences 112' });
  const lyon = await item('Usine de Lyon-Gerland', site, root, {
    company_name: 'Démo Industrie SAS', address: '45 avenue Tony Garnier', zip_code: '69007', city: 'Lyon', country: 'France',
    responsible_last_name: 'Martin', responsible_first_name: 'Claire', responsible_phone: '04 72 00 00 01', responsible_email: 'claire.martin@demo-industrie.fr',
    labour_inspectorate_address: 'DREETS Auvergne-Rhône-Alpes, 8-10 rue du Nord, 69625 Villeurbanne Cedex', rescuers: 'Karim Benali (SST), Julien Moreau (SST)',
    assembly_point: 'Parking visiteurs, entrée nord', emergency_numbers: 'Poste de garde 2222 – SAMU 15 – Pompiers 18', area_m2: 18500, level_count: 2, parking_spaces: 140,
  });
  const priest = await item('Entrepôt de Saint-Priest', site, root, {
    company_name: 'Démo Industrie SAS', address: '3 rue Lionel Terray', zip_code: '69800', city: 'Saint-Priest', country: 'France',
    responsible_last_name: 'Moreau', responsible_first_name: 'Julien', responsible_phone: '04 78 00 00 02', assembly_point: 'Quai 1, côté est',
    area_m2: 9200, level_count: 1, parking_spaces: 60,
  });
  for (const [name, parent] of [['Bâtiment A – Production', lyon], ['Bâtiment B – Maintenance', lyon], ['Bâtiment C – Bureaux', lyon], ['Cellule 1 – Stockage', priest], ['Cellule 2 – Expédition', priest]] as const) {
    await item(name, building, parent);
  }
  await db.query('INSERT INTO hierarchy_item_lot (tenant_id, item_id, label) VALUES ($1, $2, $3), ($1, $2, $4)', [tenantId, lyon, 'Lot 01 – Gros œuvre', 'Lot 02 – Électricité']);
  await db.query('INSERT INTO hierarchy_item_company (tenant_id, item_id, name) VALUES ($1, $2, $3), ($1, $2, $4)', [tenantId, lyon, 'Elec Rhône Services', 'Nettoyage Industriel Lyonnais']);

  const gerland = await insert(db, 'INSERT INTO site (tenant_id, name, company, address, responsible_contact, labour_inspection_address, document_types) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [tenantId, 'Lyon-Gerland', 'Démo Industrie SAS', '45 avenue Tony Garnier, 69007 Lyon', 'Claire Martin – 04 72 00 00 01', 'DREETS Auvergne-Rhône-Alpes, 69625 Villeurbanne Cedex', 'Plan de prévention\nPermis de feu\nProtocole de sécurité']);
  const stPriest = await insert(db, 'INSERT INTO site (tenant_id, name, company, address, responsible_contact) VALUES ($1, $2, $3, $4, $5)',
    [tenantId, 'Saint-Priest', 'Démo Industrie SAS', '3 rue Lionel Terray, 69800 Saint-Priest', 'Julien Moreau – 04 78 00 00 02']);
  const services: Array<[string, number]> = [['Maintenance', gerland], ['Production', gerland], ['QHSE', gerland], ['Logistique', stPriest]];
  for (const [name, siteId] of services) await db.query('INSERT INTO service (tenant_id, name, site_id) VALUES ($1, $2, $3)', [tenantId, name, siteId]);
  const units: Array<[string, number]> = [['Atelier usinage', 3], ['Ligne d\'assemblage', 3], ['Magasin pièces détachées', 2], ['Quais de chargement', 3], ['Bureaux administratifs', 1], ['Laboratoire contrôle qualité', 2]];
  for (const [name, weight] of units) await db.query('INSERT INTO work_unit (tenant_id, name, weight) VALUES ($1, $2, $3)', [tenantId, name, weight]);
  // The demo QHSE manager is attached to the Lyon site and the QHSE service.
  await db.query(`INSERT INTO user_hierarchy_item (user_id, hierarchy_item_id, tenant_id) SELECT id, $2, $1 FROM app_user WHERE username = 'claire.martin'`, [tenantId, lyon]);
  await db.query(`INSERT INTO user_service (user_id, service_id, tenant_id) SELECT u.id, v.id, $1 FROM app_user u, service v WHERE u.username = 'claire.martin' AND v.tenant_id = $1 AND v.name = 'QHSE'`, [tenantId]);
}
