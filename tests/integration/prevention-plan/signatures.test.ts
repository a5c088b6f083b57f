import { createTestApp, type TestApp } from '../../support/app';
import { addCompany, decode, EDITOR, eeFields, member, newCompany, newPlan, newTiers, post, XHR, type Member } from './company-fixtures';
import { drawing } from '../../support/png';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

const q = (sql: string, params: unknown[] = []) => t.db.dataSource.query(sql, params);

/** A plan with an EE (manager Julien Moreau), a CRM staff member (Nadia Lefèvre) and an external one (Lucas Petit). */
async function setup(status = 'waiting_sign') {
  const company = newCompany();
  const editor = await member(t, company, EDITOR);
  await q(`UPDATE app_user SET first_name = 'Claire', last_name = 'Bernard' WHERE id = $1`, [editor.id]);
  const planId = await newPlan(t, editor.tenantId, editor.id);
  const tiers = await newTiers(t, editor.tenantId);
  const eeId = await addCompany(editor, planId, eeFields(tiers));
  expect((await post(editor, `/prevention-plan/company/${eeId}/staff/add`, 'plan_staff', { contact: tiers.workerId, qualification: '' })).status).toBe(201);
  expect((await post(editor, `/prevention-plan/company/${eeId}/external-staff/add`, 'plan_external_staff', { lastName: 'Petit', firstName: 'Lucas', qualification: 'Calorifugeur' })).status).toBe(201);
  const [staff] = await q('SELECT id FROM plan_staff WHERE plan_id = $1 AND external = false', [planId]);
  const [external] = await q('SELECT id FROM plan_staff WHERE plan_id = $1 AND external = true', [planId]);
  await q('UPDATE prevention_plan SET status = $2 WHERE id = $1', [planId, status]);
  return { company, editor, planId, tiers, eeId, staffId: staff.id as number, externalId: external.id as number };
}

/** Posts the shared signature form as the browser does. */
function sign(who: Member, url: string, fields: { image?: string; name?: string; useSaved?: string }) {
  const body: Record<string, string> = { _csrf_token: who.csrf };
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body[`signature[${k}]`] = v;
  return who.agent.post(url).set(XHR).type('form').send(body);
}

const signatures = (planId: number) => q('SELECT * FROM plan_signature WHERE plan_id = $1 ORDER BY id', [planId]);
const tab = async (who: Member, planId: number) => decode((await who.agent.get(`/prevention-plan/${planId}?tab=signatures`)).text);

describe('signatures tab of a plan', () => {
  it('lists every signer of the round (company, staff, internal signer) waiting, with a "Signer" button on the site', async () => {
    const { editor, planId, eeId, staffId, externalId } = await setup();
    const page = await editor.agent.get(`/prevention-plan/${planId}?tab=signatures`);
    expect(page.status).toBe(200);
    const html = decode(page.text);
    expect(html).not.toContain('Signatures : disponible prochainement.');
    expect(html).toContain('data-testid="plan-signatures"');
    expect(html).toMatch(new RegExp(`data-testid="signer-company-${eeId}"[\\s\\S]*?Maintenance Industrielle du Rhône[\\s\\S]*?Julien Moreau[\\s\\S]*?En attente`));
    expect(html).toMatch(new RegExp(`data-testid="signer-staff-${staffId}"[\\s\\S]*?Nadia Lefèvre[\\s\\S]*?En attente`));
    expect(html).toMatch(new RegExp(`data-testid="signer-staff-${externalId}"[\\s\\S]*?Lucas Petit[\\s\\S]*?Externe`));
    expect(html).toMatch(/data-testid="signer-internal"[\s\S]*?Claire Bernard[\s\S]*?En attente/);
    expect(html).toContain(`href="/prevention-plan/${planId}/companies/${eeId}/sign"`);
    expect(html).toContain(`href="/prevention-plan/staff/${staffId}/sign"`);
    expect(html).toContain(`href="/prevention-plan/external-staff/${externalId}/sign"`);
    expect(html).toContain('Signature sur site');
    expect(html).not.toContain('Signatures précédentes');

    // Out of the on-site state, companies have no button; staff members still sign (not once expired).
    await q(`UPDATE prevention_plan SET status = 'draft' WHERE id = $1`, [planId]);
    const draft = await tab(editor, planId);
    expect(draft).not.toContain(`/companies/${eeId}/sign`);
    expect(draft).toContain(`/prevention-plan/staff/${staffId}/sign`);
    await q(`UPDATE prevention_plan SET status = 'expired' WHERE id = $1`, [planId]);
    expect(await tab(editor, planId)).not.toContain(`/prevention-plan/staff/${staffId}/sign`);
  });

  it('shows empty states on a plan without outside company, staff or ordering customer', async () => {
    const company = newCompany();
    const editor = await member(t, company, EDITOR);
    const planId = await newPlan(t, editor.tenantId, editor.id);
    await q('UPDATE prevention_plan SET ordering_customer_id = NULL WHERE id = $1', [planId]);
    const html = await tab(editor, planId);
    expect(html).toContain("Aucune entreprise extérieure ne doit signer ce plan pour l'instant.");
    expect(html).toContain('Aucun intervenant sur ce plan.');
    expect(html).toContain("Aucun donneur d'ordre n'est désigné");
  });

  it('records one watermarked site signature of a company (double submit keeps one) and shows it', async () => {
    const { editor, planId, eeId } = await setup();
    const url = `/prevention-plan/${planId}/companies/${eeId}/sign`;
    const form = await editor.agent.get(url).set(XHR);
    expect(form.status).toBe(200);
    expect(decode(form.text)).toContain('Signature de Maintenance Industrielle du Rhône');
    expect(form.text).toContain('data-signature-form');
    expect(form.text).toContain('"name":"Julien Moreau"');
    expect(form.text).not.toContain('signature[useSaved]');

    const image = drawing();
    const res = await sign(editor, url, { image, name: 'Julien Moreau' });
    expect(res.status).toBe(201);
    expect(res.body.result).toBe(true);
    expect(decode(res.body.message)).toBe('Signature de Maintenance Industrielle du Rhône enregistrée.');
    expect(res.body.redirect).toBe(`/prevention-plan/${planId}?tab=signatures`);
    const again = await sign(editor, url, { image, name: 'Julien Moreau' });
    expect(again.status).toBe(201);
    const rows = await signatures(planId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'company', signer_key: `company:${eeId}`, plan_company_id: eeId, signer_name: 'Julien Moreau', image, has_watermark: true,
      channel: 'site', round: 0, superseded_at: null, user_id: null,
    });
    const history = await q(`SELECT id, transition, comment FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'company_site_sign'`, [planId]);
    expect(history).toEqual([{ id: rows[0].history_id, transition: 'company_site_sign', comment: 'Julien Moreau (Maintenance Industrielle du Rhône)' }]);

    const html = await tab(editor, planId);
    const row = new RegExp(`data-testid="signer-company-${eeId}"[\\s\\S]*?</tr>`).exec(html)![0];
    expect(row).toContain('data-state="signed"');
    expect(row).toContain('Julien Moreau');
    expect(row).toMatch(/data-testid="signature-date">.*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(row).toContain('style="max-height:100px');
    expect(row).toContain('data-testid="signature-watermark"');
    expect(row).not.toContain(`${url}"`);
    // The plan's history names the action.
    expect(decode((await editor.agent.get(`/prevention-plan/${planId}/history`).set(XHR)).text)).toContain("Signature sur site d'une entreprise");
  });

  it('refuses an empty name or an empty drawing, keeping nothing', async () => {
    const { editor, planId, eeId, staffId } = await setup();
    const url = `/prevention-plan/${planId}/companies/${eeId}/sign`;
    // Spec: "JSON signatureForm on error", the field flagged.
    const noName = await sign(editor, url, { image: drawing(), name: '  ' });
    expect(noName.status).toBe(200);
    expect(noName.body.result).toBe(false);
    expect(noName.body.signatureForm).toContain('data-testid="signature-error-name"');
    expect(decode(noName.body.signatureForm)).toContain('Veuillez renseigner ce champ.');
    expect(noName.body.signatureForm).toContain(`action="${url}"`);
    const blank = await sign(editor, `/prevention-plan/staff/${staffId}/sign`, { image: drawing(false), name: 'Nadia Lefèvre' });
    expect(blank.status).toBe(200);
    expect(blank.body.signatureForm).toContain('data-testid="signature-error-image"');
    expect(blank.body.signatureForm).toContain('"name":"Nadia Lefèvre"');
    expect(await signatures(planId)).toHaveLength(0);
  });

  it('staff members and external staff sign by their own routes', async () => {
    const { editor, planId, staffId, externalId } = await setup('draft');
    expect((await sign(editor, `/prevention-plan/external-staff/${staffId}/sign`, { image: drawing(), name: 'Nadia Lefèvre' })).status).toBe(404);
    const res = await sign(editor, `/prevention-plan/staff/${staffId}/sign`, { image: drawing(), name: 'Nadia Lefèvre' });
    expect(res.status).toBe(201);
    expect(decode(res.body.message)).toBe('Signature de Nadia Lefèvre enregistrée.');
    expect((await sign(editor, `/prevention-plan/external-staff/${externalId}/sign`, { image: drawing(), name: 'L. Petit' })).status).toBe(201);
    const rows = await signatures(planId);
    expect(rows.map((r: Record<string, unknown>) => [r.kind, r.signer_key, r.plan_staff_id, r.signer_name, r.channel, r.has_watermark])).toEqual([
      ['staff', `staff:${staffId}`, staffId, 'Nadia Lefèvre', 'site', true],
      ['staff', `staff:${externalId}`, externalId, 'L. Petit', 'site', true],
    ]);
    // A company signs on the site only while the plan waits for it.
    const [ee] = await q('SELECT id FROM plan_company WHERE plan_id = $1', [planId]);
    const early = await sign(editor, `/prevention-plan/${planId}/companies/${ee.id}/sign`, { image: drawing(), name: 'Julien Moreau' });
    expect(early.status).toBe(403);
    expect(decode(early.body.message)).toBe("Ce plan n'attend pas de signature sur site.");
    await q(`UPDATE prevention_plan SET status = 'expired' WHERE id = $1`, [planId]);
    await q('DELETE FROM plan_signature WHERE plan_id = $1', [planId]);
    expect((await sign(editor, `/prevention-plan/staff/${staffId}/sign`, { image: drawing(), name: 'Nadia Lefèvre' })).status).toBe(403);
    expect(await signatures(planId)).toHaveLength(0);
  });

  it('earlier rounds appear under "Signatures précédentes"', async () => {
    const { editor, planId, eeId } = await setup();
    await sign(editor, `/prevention-plan/${planId}/companies/${eeId}/sign`, { image: drawing(), name: 'Julien Moreau' });
    await q('UPDATE plan_signature SET superseded_at = now() WHERE plan_id = $1', [planId]);
    await q('UPDATE prevention_plan SET amendment_number = 1 WHERE id = $1', [planId]);
    const html = await tab(editor, planId);
    expect(html).toContain('Avenant n° 1');
    expect(html).toMatch(/<details[^>]*data-testid="previous-signatures"[\s\S]*Signatures précédentes[\s\S]*Julien Moreau[\s\S]*Remplacée le \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    expect(new RegExp(`data-testid="signer-company-${eeId}"[\\s\\S]*?</tr>`).exec(html)![0]).toContain('data-state="waiting"');
    // The new round takes a new signature.
    expect((await sign(editor, `/prevention-plan/${planId}/companies/${eeId}/sign`, { image: drawing(), name: 'Julien Moreau' })).status).toBe(201);
    expect((await signatures(planId)).map((r: Record<string, unknown>) => r.round)).toEqual([0, 1]);
  });

  it('a contact with a user account may sign with his saved signature; nobody else may use it', async () => {
    const { company, editor, planId, eeId, tiers } = await setup();
    const contact = await member(t, company, ['pdp.view']);
    await q('UPDATE contact SET user_id = $2 WHERE id = $1', [tiers.managerId, contact.id]);
    const saved = drawing();
    await q('INSERT INTO user_signature (tenant_id, user_id, png, updated_at) VALUES ($1, $2, $3, now())', [contact.tenantId, contact.id, Buffer.from(saved.split(',')[1], 'base64')]);
    await q('INSERT INTO user_signature (tenant_id, user_id, png, updated_at) VALUES ($1, $2, $3, now())', [editor.tenantId, editor.id, Buffer.from(saved.split(',')[1], 'base64')]);
    const url = `/prevention-plan/${planId}/companies/${eeId}/sign`;

    // The editor holds the device: his own saved signature is not offered, and refused if posted.
    expect((await editor.agent.get(url).set(XHR)).text).not.toContain('signature[useSaved]');
    const notHis = await sign(editor, url, { useSaved: '1', name: 'Julien Moreau' });
    expect(notHis.status).toBe(200);
    expect(decode(notHis.body.signatureForm)).toContain('Seul le signataire peut utiliser sa propre signature enregistrée.');
    expect(await signatures(planId)).toHaveLength(0);

    // The contact himself (a member of the company, without edit right) sees the button and his saved signature.
    expect(await tab(contact, planId)).toContain(`href="${url}"`);
    expect((await contact.agent.get(url).set(XHR)).text).toContain('signature[useSaved]');
    const res = await sign(contact, url, { useSaved: '1', name: 'Julien Moreau' });
    expect(res.status).toBe(201);
    const [row] = await signatures(planId);
    expect(row).toMatchObject({ user_id: contact.id, image: saved, signer_name: 'Julien Moreau' });
  });

  it('403 for a user who sees the plan but may not have it signed; 404 for another company', async () => {
    const { company, planId, eeId, staffId } = await setup();
    const reader = await member(t, company, ['pdp.view', 'pdp.view_all']);
    expect((await reader.agent.get(`/prevention-plan/${planId}`)).status).toBe(200);
    const html = await tab(reader, planId);
    expect(html).toContain('data-testid="plan-signatures"');
    expect(html).not.toContain('/sign"');
    const url = `/prevention-plan/${planId}/companies/${eeId}/sign`;
    expect((await reader.agent.get(url).set(XHR)).status).toBe(403);
    const refused = await sign(reader, url, { image: drawing(), name: 'Julien Moreau' });
    expect(refused.status).toBe(403);
    expect(decode(refused.body.message)).toBe("Vous n'êtes pas autorisé à faire signer ce plan.");
    expect((await sign(reader, `/prevention-plan/staff/${staffId}/sign`, { image: drawing(), name: 'Nadia' })).status).toBe(403);

    const outsider = await member(t, newCompany(), [...EDITOR, 'pdp.view_all', 'pdp.manage']);
    expect((await sign(outsider, url, { image: drawing(), name: 'Julien Moreau' })).status).toBe(404);
    expect((await sign(outsider, `/prevention-plan/staff/${staffId}/sign`, { image: drawing(), name: 'Nadia' })).status).toBe(404);
    expect((await outsider.agent.get(`/prevention-plan/${planId}/signed-file`).set(XHR)).status).toBe(404);
    expect(await signatures(planId)).toHaveLength(0);
  });

  it('once every company signed on the site, the ordering customer signs (site_sign) and the tab shows him signed', async () => {
    const { editor, planId, eeId } = await setup();
    const siteSign = () => editor.agent.post(`/prevention-plan/${planId}/apply/site_sign`).set(XHR).type('form')
      .send({ _csrf_token: editor.csrf, comment: '', 'signature[image]': drawing(), 'signature[name]': 'Claire Bernard' });
    await siteSign();
    expect((await q('SELECT status FROM prevention_plan WHERE id = $1', [planId]))[0].status).toBe('waiting_sign');
    expect((await sign(editor, `/prevention-plan/${planId}/companies/${eeId}/sign`, { image: drawing(), name: 'Julien Moreau' })).status).toBe(201);
    const res = await siteSign();
    expect(res.body.result).toBe(true);
    expect((await q('SELECT status FROM prevention_plan WHERE id = $1', [planId]))[0].status).toBe('in_operation');
    const html = await tab(editor, planId);
    expect(html).toMatch(/data-testid="signer-internal"[\s\S]*?Claire Bernard[\s\S]*?data-state="signed"/);
    expect(html).not.toContain(`/companies/${eeId}/sign"`);
  });

  it('uploads the paper-signed plan while waiting for it, and downloads it', async () => {
    const { company, editor, planId } = await setup('draft');
    const url = `/prevention-plan/${planId}/signed-file`;
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
    const upload = (who: Member, file?: Buffer) => {
      const r = who.agent.post(url).set(XHR).field('_csrf_token', who.csrf);
      return file ? r.attach('plan_signed_file[file]', file, { filename: 'Plan signé.pdf', contentType: 'application/pdf' }) : r;
    };
    expect((await upload(editor, pdf)).status).toBe(403);
    expect(await tab(editor, planId)).not.toContain('data-testid="signed-file"');

    await q(`UPDATE prevention_plan SET status = 'waiting_manual' WHERE id = $1`, [planId]);
    const html = await tab(editor, planId);
    expect(html).toContain('data-testid="signed-file-missing"');
    expect(html).toContain(`href="${url}"`);
    expect((await editor.agent.get(url).set(XHR)).status).toBe(200);
    const none = await upload(editor);
    expect(none.status).toBe(200);
    expect(decode(none.text)).toContain('Veuillez choisir le document signé.');
    const reader = await member(t, company, ['pdp.view', 'pdp.view_all']);
    expect((await upload(reader, pdf)).status).toBe(403);

    const res = await upload(editor, pdf);
    expect(res.status).toBe(201);
    expect(decode(res.body.message)).toBe('Document signé « Plan signé.pdf » enregistré.');
    const [plan] = await q('SELECT signed_file_id FROM prevention_plan WHERE id = $1', [planId]);
    expect(plan.signed_file_id).not.toBeNull();
    const [file] = await q('SELECT original_name, tenant_id FROM stored_file WHERE id = $1', [plan.signed_file_id]);
    expect(file).toEqual({ original_name: 'Plan signé.pdf', tenant_id: editor.tenantId });
    expect(decode(await tab(editor, planId))).toContain('Plan signé.pdf');
    const download = await reader.agent.get(`${url}/download`);
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toContain('application/pdf');
    expect(Buffer.from(download.body).subarray(0, 5).toString()).toBe('%PDF-');
    const [history] = await q(`SELECT comment FROM history_entry WHERE subject_type = 'prevention_plan' AND subject_id = $1 AND transition = 'signed_file'`, [planId]);
    expect(history.comment).toBe('Plan signé.pdf');
    // The paper path can now end: validate_manual needs the signed file.
    const validated = await editor.agent.post(`/prevention-plan/${planId}/apply/validate_manual`).set(XHR).type('form').send({ _csrf_token: editor.csrf, comment: '' });
    expect(validated.body.result).toBe(true);
    expect((await q('SELECT status FROM prevention_plan WHERE id = $1', [planId]))[0].status).toBe('in_operation');
    // Still downloadable from the tab once in operation, no longer replaceable.
    const after = await tab(editor, planId);
    expect(after).toContain('data-testid="signed-file-download"');
    expect(after).not.toContain('data-testid="signed-file-upload"');
    expect((await upload(editor, pdf)).status).toBe(403);
  });
});
