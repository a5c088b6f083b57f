import { createMailer, DEFAULT_MAIL_FROM, htmlToText } from './mailer';

describe('Mailer (recording transport)', () => {
  it('keeps every sent mail, with the default sender and a text part', async () => {
    const mailer = createMailer({ env: 'test' }, {});
    await mailer.send({
      to: 'chef.chantier@example.fr',
      subject: 'Inspection commune prévue',
      html: '<p>Bonjour,</p><p>L&#39;inspection a lieu le <strong>12/03/2026</strong>.</p>',
      attachments: [{ filename: 'plan.pdf', content: Buffer.from('%PDF-1.4'), contentType: 'application/pdf' }],
    });
    const [mail] = mailer.sent();
    expect(mail.from).toBe(DEFAULT_MAIL_FROM);
    expect(mail.to).toEqual(['chef.chantier@example.fr']);
    expect(mail.subject).toBe('Inspection commune prévue');
    expect(mail.text).toContain("L'inspection a lieu le 12/03/2026.");
    expect(mail.attachments[0].filename).toBe('plan.pdf');
    mailer.clear();
    expect(mailer.sent()).toEqual([]);
  });

  it('takes the sender from MAIL_FROM and requires SMTP_URL in production', () => {
    expect(createMailer({ env: 'development' }, { MAIL_FROM: 'QHSE <qhse@acme.fr>' }).from).toBe('QHSE <qhse@acme.fr>');
    expect(() => createMailer({ env: 'production' }, {})).toThrow('SMTP_URL');
  });

  it('turns HTML into readable text', () => {
    expect(htmlToText('<ul><li>Un</li><li>Deux &amp; trois</li></ul><script>x()</script>')).toBe('Un\nDeux & trois');
  });

  it('keeps a label and its value apart when the mail lays them out in a table', () => {
    const text = htmlToText('<p>Bonjour,</p><table><tr><td>Action à mener</td><td>Fournir des gants</td></tr><tr><td>Échéance</td><td>12/03/2027</td></tr></table><p><a href="https://vigie.example/action-plan/4">Ouvrir l\'action</a></p>');
    expect(text).not.toContain('menerFournir');
    expect(text).toMatch(/^Action à mener +Fournir des gants$/m);
    expect(text).toMatch(/^Échéance +12\/03\/2027$/m);
    expect(text).toContain("Ouvrir l'action [https://vigie.example/action-plan/4]");
  });
});
