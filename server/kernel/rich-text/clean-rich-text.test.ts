import { cleanRichText } from './clean-rich-text';

describe('cleanRichText', () => {
  it('keeps what the toolbar makes', () => {
    const html = '<p>Port des <strong>EPI</strong> <em>obligatoire</em></p><ul><li>casque</li></ul><blockquote>Note</blockquote>';
    expect(cleanRichText(html)).toBe(html);
  });

  it('removes scripts and event handlers', () => {
    expect(cleanRichText('<p>Avant<script>alert(1)</script> après</p>')).toBe('<p>Avant après</p>');
    expect(cleanRichText('<img src="/uploads/a.png" onerror="alert(1)">')).toBe('<img src="/uploads/a.png" />');
    expect(cleanRichText('<p onclick="x()" style="color:red" class="a">Texte</p>')).toBe('<p>Texte</p>');
  });

  it('drops javascript: links and keeps their text', () => {
    expect(cleanRichText('<a href="javascript:alert(1)">clic</a>')).toBe('<a>clic</a>');
    expect(cleanRichText('<a href="jav&#x09;ascript:alert(1)">clic</a>')).toBe('<a>clic</a>');
    expect(cleanRichText('<a href="JAVASCRIPT:alert(1)">clic</a>')).toBe('<a>clic</a>');
  });

  it('opens allowed links in a new tab without opener', () => {
    expect(cleanRichText('<a href="https://www.inrs.fr" target="_self">INRS</a>')).toBe('<a href="https://www.inrs.fr" rel="noopener noreferrer" target="_blank">INRS</a>');
    expect(cleanRichText('<a href="mailto:qhse@acme.fr">écrire</a>')).toContain('href="mailto:qhse@acme.fr"');
  });

  it('keeps only site-relative or https images', () => {
    expect(cleanRichText('<img src="https://cdn.example.fr/a.png" alt="plan">')).toBe('<img src="https://cdn.example.fr/a.png" alt="plan" />');
    expect(cleanRichText('<p><img src="http://example.fr/a.png"><img src="//evil.example/a.png"><img src="data:image/png;base64,AAAA"></p>')).toBe('<p></p>');
  });

  it('removes unknown tags but keeps their text', () => {
    expect(cleanRichText('<div><h1>Titre</h1><iframe src="https://x"></iframe></div>')).toBe('Titre');
  });
});
