import type { DataSource } from 'typeorm';
import { ensureWorkTypeDefaults } from './work-type.service';

const ORGANISATIONS = [
  { name: 'DREETS Auvergne-Rhône-Alpes – Inspection du travail, unité de contrôle Lyon Est', type: 'labour_inspection', contact: 'Mme Sophie Garnier', address: '8-10 rue du Nord, 69625 Villeurbanne Cedex', email: 'ara-ut69.uc3@dreets.gouv.fr', phone: '04 72 65 58 50' },
  { name: 'AST Grand Lyon – Service de prévention et de santé au travail', type: 'occupational_medicine', contact: 'Dr Marc Perrin', address: '10 rue des Archers, 69002 Lyon', email: 'contact@astgrandlyon.fr', phone: '04 78 60 66 00' },
  { name: 'CRAMIF – Direction régionale des risques professionnels', type: 'cram', contact: 'Service prévention', address: '17-19 avenue de Flandre, 75019 Paris', email: 'prevention@cramif.fr', phone: '01 40 05 32 64' },
  { name: 'CARSAT Rhône-Alpes – Service prévention des risques professionnels', type: 'carsat', contact: 'M. Julien Roux, ingénieur-conseil', address: '26 rue d\'Aubigny, 69436 Lyon Cedex 03', email: 'preventionrp@carsat-ra.fr', phone: '04 72 91 96 96' },
  { name: 'OPPBTP – Agence de Lyon', type: 'oppbtp', contact: 'Mme Claire Bonnet', address: '15 rue de la Villette, 69003 Lyon', email: 'lyon@oppbtp.fr', phone: '04 78 62 47 20' },
];

const LOTS: Array<{ label: string; specifications: string[] }> = [
  { label: 'Lot 01 – Gros œuvre', specifications: ['Terrassement', 'Fondations', 'Maçonnerie'] },
  { label: 'Lot 02 – Charpente et couverture', specifications: ['Charpente métallique', 'Couverture bac acier', 'Étanchéité'] },
  { label: 'Lot 03 – Électricité', specifications: ['Courants forts', 'Courants faibles'] },
  { label: 'Lot 04 – Plomberie, chauffage, ventilation', specifications: ['Plomberie sanitaire', 'Chauffage', 'Ventilation'] },
];

/** The demo company's prevention lists: default work types, one organisation of each type, works lots (idempotent). */
export async function seedPreventionAdminDemo(db: DataSource, tenantId: number): Promise<void> {
  await ensureWorkTypeDefaults(db, tenantId);
  for (const o of ORGANISATIONS) {
    const [exists] = await db.query('SELECT 1 FROM prevention_organisation WHERE tenant_id = $1 AND lower(name) = lower($2)', [tenantId, o.name]);
    if (exists) continue;
    await db.query('INSERT INTO prevention_organisation (tenant_id, name, type, contact, address, email, phone) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [tenantId, o.name, o.type, o.contact, o.address, o.email, o.phone]);
  }
  for (const lot of LOTS) {
    let [row] = await db.query('SELECT id FROM lot WHERE tenant_id = $1 AND lower(label) = lower($2) AND deleted_at IS NULL', [tenantId, lot.label]);
    if (!row) [row] = await db.query('INSERT INTO lot (tenant_id, label) VALUES ($1, $2) RETURNING id', [tenantId, lot.label]);
    for (const label of lot.specifications) {
      const [spec] = await db.query('SELECT 1 FROM lot_specification WHERE tenant_id = $1 AND lot_id = $2 AND lower(label) = lower($3)', [tenantId, row.id, label]);
      if (!spec) await db.query('INSERT INTO lot_specification (tenant_id, lot_id, label) VALUES ($1, $2, $3)', [tenantId, row.id, label]);
    }
  }
}
