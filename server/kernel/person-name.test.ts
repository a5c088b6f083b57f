import { personName, personNameSql } from './person-name';

describe('personName', () => {
  it('puts the first name before the last name', () => {
    expect(personName('Claire', 'Martin')).toBe('Claire Martin');
  });
  it('skips a missing part and falls back when both are empty', () => {
    expect(personName(null, 'Martin')).toBe('Martin');
    expect(personName('Claire', undefined)).toBe('Claire');
    expect(personName('', ' ', 'cmartin')).toBe('cmartin');
  });
  it('builds the same order in SQL', () => {
    expect(personNameSql('u')).toBe("NULLIF(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '')");
  });
});
