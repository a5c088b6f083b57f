import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMailer } from '../../../server/kernel/mail/mailer';
import { mailRecordDir } from '../../../server/kernel/mail/outbox';
import { createTestApp, loginAs, makeUser, type TestApp } from '../../support/app';

let t: TestApp;
let dir: string;
const previous = process.env.MAIL_RECORD_DIR;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-outbox-'));
  process.env.MAIL_RECORD_DIR = dir;
  t = await createTestApp();
});
afterAll(async () => {
  if (previous === undefined) delete process.env.MAIL_RECORD_DIR;
  else process.env.MAIL_RECORD_DIR = previous;
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

/** Sends a mail through a test mailer recording into `dir`, dated `ageMs` earlier; returns its id (file name). */
async function sendMail(subject: string, ageMs = 0): Promise<string> {
  const before = new Set(fs.readdirSync(dir));
  await createMailer({ env: 'test' }, { MAIL_RECORD_DIR: dir }).send({
    to: ['claire.martin@example.fr', 'julien.roux@example.fr'],
    subject,
    html: '<p>Bonjour,</p><p>L\'action <strong>n°12</strong> vous est affectée.</p><script>alert("x")</script>',
    attachments: [{ filename: 'Plan de prévention.pdf', content: Buffer.from('%PDF-1.4') }],
  });
  const added = fs.readdirSync(dir).find((f) => !before.has(f))!;
  const [ms, ...rest] = added.slice(0, -'.json'.length).split('-');
  const id = [Number(ms) - ageMs, ...rest].join('-');
  fs.renameSync(path.join(dir, added), path.join(dir, `${id}.json`));
  return id;
}

describe('the outbox screen (issue 25: reading outgoing mail in development)', () => {
  it('lists the recorded mails for the super administrator, newest first, and shows one', async () => {
    const first = await sendMail('Action n°12 : une action vous a été affectée', 60_000);
    const second = await sendMail('Rappel : l\'action n°12 arrive à échéance');
    const { agent } = await loginAs(t, await makeUser(t, { roles: ['super_admin'] }));

    const list = await agent.get('/admin/outbox');
    expect(list.status).toBe(200);
    expect(list.text).toContain('Courriels envoyés');
    expect(list.text).toContain('claire.martin@example.fr, julien.roux@example.fr');
    expect(list.text.indexOf(`data-outbox-mail="${second}"`)).toBeGreaterThan(0);
    expect(list.text.indexOf(`data-outbox-mail="${second}"`)).toBeLessThan(list.text.indexOf(`data-outbox-mail="${first}"`));
    expect(list.text).toContain(`href="/admin/outbox/${first}"`);
    expect(list.text).toMatch(/\d\d\/\d\d\/\d{4}/);

    const one = await agent.get(`/admin/outbox/${first}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain('Action n°12 : une action vous a été affectée');
    // The HTML part sits in a frame without scripts or same-origin rights, escaped in srcdoc.
    const frame = one.text.match(/<iframe[^>]*data-testid="outbox-html"[^>]*>/)![0];
    expect(frame).toMatch(/sandbox="allow-popups allow-popups-to-escape-sandbox"/);
    expect(frame).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(frame).toContain('srcdoc="&lt;p&gt;Bonjour');
    expect(one.text).not.toContain('<script>alert');
    // The text part, readable, and the attachments by name.
    expect(one.text).toMatch(/data-testid="outbox-text">Bonjour,\s+L&#39;action n°12 vous est affectée\./);
    expect(one.text).toContain('Plan de prévention.pdf');
  });

  it('is for the super administrator only: an administrator or a user is refused', async () => {
    const id = await sendMail('Courriel réservé');
    for (const roles of [['admin'], ['user']]) {
      const { agent } = await loginAs(t, await makeUser(t, { roles }));
      const list = await agent.get('/admin/outbox');
      expect(list.status).toBe(403);
      expect((await agent.get(`/admin/outbox/${id}`)).status).toBe(403);
    }
    const { agent } = await loginAs(t, await makeUser(t, { roles: ['admin'] }));
    expect((await agent.get('/admin/outbox')).text).toContain('Seul le super administrateur lit les courriels envoyés.');
  });

  it('answers 404 for an unknown or odd mail id', async () => {
    const { agent } = await loginAs(t, await makeUser(t, { roles: ['super_admin'] }));
    expect((await agent.get('/admin/outbox/1700000000000-1-zzzzzz')).status).toBe(404);
    expect((await agent.get('/admin/outbox/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('does not exist when mail is not recorded (production, or no MAIL_RECORD_DIR)', async () => {
    expect(mailRecordDir({ env: 'production' }, { MAIL_RECORD_DIR: dir })).toBeNull();
    expect(mailRecordDir({ env: 'development' }, {})).toMatch(/var[\\/]mail$/);
    expect(mailRecordDir({ env: 'test' }, {})).toBeNull();
    const { agent } = await loginAs(t, await makeUser(t, { roles: ['super_admin'] }));
    delete process.env.MAIL_RECORD_DIR;
    try {
      expect((await agent.get('/admin/outbox')).status).toBe(404);
    } finally {
      process.env.MAIL_RECORD_DIR = dir;
    }
  });
});
