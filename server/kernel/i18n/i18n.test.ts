import { catalogue, initI18n, negotiateLocale, SUPPORTED_LOCALES, translationDomains, translator } from './i18n';

function* sentences(tree: Record<string, unknown>, prefix: string): Generator<[string, string]> {
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') yield [prefix + k, v];
    else if (v && typeof v === 'object') yield* sentences(v as Record<string, unknown>, `${prefix}${k}.`);
  }
}

describe('i18n', () => {
  it('translates in French by default and reaches other domains as <domain>.<key>', () => {
    const t = translator('fr');
    expect(t('validation.required')).toBe('Veuillez renseigner ce champ.');
    expect(t('upload.too_many', { max: 10 })).toBe('Vous ne pouvez pas envoyer plus de 10 fichiers à la fois.');
  });
  it('fills every sentence with values exactly as i18next does, in every locale', () => {
    let filled = 0;
    for (const locale of SUPPORTED_LOCALES) {
      const ours = translator(locale);
      const theirs = initI18n().getFixedT(locale);
      for (const domain of translationDomains()) {
        for (const [key, text] of sentences(catalogue(locale, domain), domain === 'messages' ? '' : `${domain}.`)) {
          const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]);
          if (!names.length) continue;
          const values = Object.fromEntries(names.map((n, i) => [n, i % 2 ? i * 7 : `«${n}»`]));
          expect(ours(key, values)).toBe(theirs(key, values));
          filled++;
        }
      }
    }
    expect(filled).toBeGreaterThan(600);
    const t = translator('fr');
    // Missing value, plural count: left to i18next.
    expect(t('upload.too_many', {})).toBe(initI18n().getFixedT('fr')('upload.too_many', {}));
    expect(t('action-plan.bulk.select', { id: 4 })).toBe("Sélectionner l'action n°4");
    expect(t('action-plan.bulk.select', { id: 5 })).toBe("Sélectionner l'action n°5");
  });
  it('takes the profile locale first, then the browser, then French', () => {
    expect(negotiateLocale('de', 'en-US,en')).toBe('de');
    expect(negotiateLocale(undefined, 'es-ES,es;q=0.9')).toBe('es');
    expect(negotiateLocale('xx', 'ja')).toBe('fr');
  });
});
