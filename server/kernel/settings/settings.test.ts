import { SETTINGS, validateSettings } from './settings';

const all = (over: Record<string, string>) => ({ ...Object.fromEntries(SETTINGS.map((s) => [s.code, String(s.default)])), ...over });

describe('settings validation', () => {
  it('accepts the defaults and normalises the e-mail list', () => {
    const r = validateSettings(all({ test_mail_recipients: 'a@b.fr; c@d.fr  e@f.fr' }));
    expect(r.errors).toEqual({});
    expect(r.values.test_mail_recipients).toBe('a@b.fr, c@d.fr, e@f.fr');
    expect(r.values.password_min_length).toBe(12);
  });
  it('refuses out-of-range numbers, blanks and bad e-mails with French keys', () => {
    const r = validateSettings(all({ password_min_length: '4', annual_hours: '', test_mail_recipients: 'pas-un-mail' }));
    expect(r.errors.password_min_length).toEqual({ key: 'settings.validation.range', params: { min: 8, max: 64 } });
    expect(r.errors.annual_hours).toBe('validation.required');
    expect(r.errors.test_mail_recipients).toEqual({ key: 'settings.validation.email', params: { email: 'pas-un-mail' } });
  });
});
