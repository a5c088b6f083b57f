import { createTestApp, type TestApp } from '../../support/app';
import { insertTiers } from '../crm/crm-helpers';
import { sectorWithPlan } from '../zone-map/zone-fixtures';
import { appStorage, companyName, member, PNG, storeFile, XHR } from './file-helpers';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const EDITOR_URL = /^\/file-manager\/[A-Za-z0-9_-]{43}$/;

/** The `src` of the first `<img>` whose attributes contain `marker`. */
function imgSrc(html: string, marker: string): string {
  const tag = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(marker));
  const src = tag ? /src="([^"]+)"/.exec(tag)?.[1] : undefined;
  if (!src) throw new Error(`Pas d'image ${marker} dans la page`);
  return src;
}

describe('the file manager', () => {
  it('serves an editor image by an unguessable key, to its company only', async () => {
    const author = await member(t, []);
    const colleague = await member(t, [], await companyName(t, author.tenantId));
    const stranger = await member(t, []);
    const up = await author.agent.post('/file-manager/upload').set('X-CSRF-Token', author.csrf).attach('upload', PNG, 'consigne.png');
    expect(up.status).toBe(201);
    expect(up.body.url).toMatch(EDITOR_URL);
    const seen = await colleague.agent.get(up.body.url);
    expect(seen.status).toBe(200);
    expect(seen.headers['content-type']).toBe('image/png');
    expect((await stranger.agent.get(up.body.url)).status).toBe(404);
    // The sequential id of the same image no longer answers.
    const [row] = await t.db.dataSource.query('SELECT id FROM stored_file WHERE tenant_id = $1 ORDER BY id DESC LIMIT 1', [author.tenantId]);
    expect((await author.agent.get(`/file-manager/${row.id}`)).status).toBe(404);
  });

  it('never serves the other files of the company (certificates, signed plans, HR files)', async () => {
    const reader = await member(t, []);
    const certificate = await storeFile(t, reader.tenantId, 'habilitation-electrique.pdf', PDF, 'application/pdf');
    const res = await reader.agent.get(`/file-manager/${certificate.id}`);
    expect(res.status).toBe(404);
    expect(res.text).not.toContain('%PDF');
  });
});

describe('images served through the record that owns them', () => {
  it('shows a user\'s photo to the logged-in users of the same company only', async () => {
    const owner = await member(t, []);
    const colleague = await member(t, [], await companyName(t, owner.tenantId));
    const stranger = await member(t, []);
    const sent = await owner.agent.post('/profile/photo').set(XHR).field('_csrf_token', owner.csrf).attach('photo', PNG, 'moi.png');
    expect(sent.status).toBe(201);
    const src = imgSrc((await owner.agent.get('/')).text, 'data-testid="user-photo"');
    expect(src).toBe(`/users/${owner.id}/photo`);
    const img = await colleague.agent.get(src);
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect((await stranger.agent.get(src)).status).toBe(404);
    const [u] = await t.db.dataSource.query('SELECT photo_file_id FROM app_user WHERE id = $1', [owner.id]);
    expect((await stranger.agent.get(`/file-manager/${u.photo_file_id}`)).status).toBe(404);
  });

  it('shows a company logo to users with the CRM view right', async () => {
    const manager = await member(t, ['companies.view', 'companies.view_all', 'companies.manage_all']);
    const company = await companyName(t, manager.tenantId);
    const noCrm = await member(t, [], company);
    const otherCompany = await member(t, ['companies.view', 'companies.view_all']);
    const id = await insertTiers(t, manager.tenantId, 'Échafaudages du Rhône');
    expect((await manager.agent.post(`/crm/companies/${id}/logo`).set(XHR).field('_csrf_token', manager.csrf).attach('logo', PNG, 'logo.png')).status).toBe(201);
    const src = imgSrc((await manager.agent.get(`/crm/companies/${id}`)).text, 'data-testid="company-logo"');
    expect(src).toBe(`/crm/companies/${id}/logo/image`);
    expect((await manager.agent.get(src)).status).toBe(200);
    expect((await noCrm.agent.get(src)).status).toBe(403);
    expect((await otherCompany.agent.get(src)).status).toBe(404);
    const [row] = await t.db.dataSource.query('SELECT logo_file_id FROM tiers WHERE id = $1', [id]);
    expect((await noCrm.agent.get(`/file-manager/${row.logo_file_id}`)).status).toBe(404);
  });

  it('shows the plans and logos of the organisation to its administrators', async () => {
    const admin = await member(t, ['admin.hierarchy', 'admin.sites']);
    const plain = await member(t, [], await companyName(t, admin.tenantId));
    const { itemId, sectorId } = await sectorWithPlan(t, admin.tenantId, { name: 'Chaufferie' });
    const logo = await storeFile(t, admin.tenantId, 'logo-usine.png');
    await t.db.dataSource.query('UPDATE hierarchy_item SET logo_file_id = $1 WHERE id = $2', [logo.id, itemId]);
    const sitePlan = await storeFile(t, admin.tenantId, 'plan-site.png');
    const [site] = await t.db.dataSource.query("INSERT INTO site (tenant_id, name, plan_file_id) VALUES ($1, 'Site de Vénissieux', $2) RETURNING id", [admin.tenantId, sitePlan.id]);
    const siteSectorPlan = await storeFile(t, admin.tenantId, 'plan-quai.png');
    const [siteSector] = await t.db.dataSource.query("INSERT INTO sector (tenant_id, site_id, name, plan_file_id) VALUES ($1, $2, 'Quai de chargement', $3) RETURNING id", [admin.tenantId, site.id, siteSectorPlan.id]);

    const item = (await admin.agent.get(`/admin/hierarchy/items/${itemId}`)).text;
    const siteShow = (await admin.agent.get(`/admin/sites/${site.id}`)).text;
    const urls = [
      imgSrc(item, `alt="Logo"`),
      imgSrc(item, 'alt="Chaufferie"'),
      imgSrc(siteShow, 'data-testid="site-plan"'),
      imgSrc(siteShow, 'alt="Quai de chargement"'),
    ];
    expect(urls).toEqual([
      `/admin/hierarchy/items/${itemId}/image/logo/file`,
      `/admin/hierarchy/sectors/${sectorId}/plan`,
      `/admin/sites/${site.id}/plan`,
      `/admin/sites/sectors/${siteSector.id}/plan`,
    ]);
    for (const url of urls) {
      expect({ url, status: (await admin.agent.get(url)).status }).toEqual({ url, status: 200 });
      expect({ url, status: (await plain.agent.get(url)).status }).toEqual({ url, status: 403 });
    }
    // A sector is served only by the route of its owner: an item's sector is not a site's.
    expect((await admin.agent.get(`/admin/sites/sectors/${sectorId}/plan`)).status).toBe(404);
    expect((await admin.agent.get(`/admin/hierarchy/sectors/${siteSector.id}/plan`)).status).toBe(404);
  });

  it('shows a sector plan on the zone map to the users who may see the map, in their company', async () => {
    const viewer = await member(t, ['pdp.view']);
    const plain = await member(t, [], await companyName(t, viewer.tenantId));
    const stranger = await member(t, ['pdp.view']);
    const { sectorId } = await sectorWithPlan(t, viewer.tenantId);
    const url = `/zone-map/sector/${sectorId}/plan`;
    expect((await viewer.agent.get(url)).status).toBe(200);
    expect((await plain.agent.get(url)).status).toBe(403);
    expect((await stranger.agent.get(url)).status).toBe(404);
  });
});

describe('a file missing from the storage', () => {
  it('answers 404 with the French page, never 500, on every route that streams a stored file', async () => {
    const author = await member(t, ['pdp.view', 'event.view', 'event.add', 'event.edit']);
    const up = await author.agent.post('/file-manager/upload').set('X-CSRF-Token', author.csrf).attach('upload', PNG, 'perdu.png');
    const { sectorId, fileId } = await sectorWithPlan(t, author.tenantId);
    const [plan] = await t.db.dataSource.query('SELECT storage_key FROM stored_file WHERE id = $1', [fileId]);
    const [editor] = await t.db.dataSource.query('SELECT storage_key FROM stored_file WHERE tenant_id = $1 AND original_name = $2', [author.tenantId, 'perdu.png']);
    await appStorage().delete(plan.storage_key);
    await appStorage().delete(editor.storage_key);
    for (const url of [up.body.url, `/zone-map/sector/${sectorId}/plan`]) {
      const res = await author.agent.get(url);
      expect({ url, status: res.status }).toEqual({ url, status: 404 });
      expect(res.text).toContain('Page introuvable');
    }
  });
});
