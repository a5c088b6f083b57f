import { negotiateLocale, translator } from './i18n';

describe('i18n', () => {
  it('translates in French by default and reaches other domains as <domain>.<key>', () => {
    const t = translator('fr');
    expect(t('validation.required')).toBe('Veuillez renseigner ce champ.');
    expect(t('upload.too_many', { max: 10 })).toBe('Vous ne pouvez pas envoyer plus de 10 fichiers à la fois.');
  });
  it('takes the profile locale first, then the browser, then French', () => {
    expect(negotiateLocale('de', 'en-US,en')).toBe('de');
    expect(negotiateLocale(undefined, 'es-ES,es;q=0.9')).toBe('es');
    expect(negotiateLocale('xx', 'ja')).toBe('fr');
  });
});
