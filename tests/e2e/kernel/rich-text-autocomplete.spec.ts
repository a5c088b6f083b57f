import fs from 'node:fs';
import path from 'node:path';
import { cleanRichText } from '../../../server/kernel/rich-text/clean-rich-text';
import { expectAccessible } from '../support/axe';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

// No product form holds a rich-text field yet: this page loads the real built client (from the
// manifest, served by the real server) around an AJAX form that follows docs/client.md, and its
// save keeps what the server would keep, through the server's own sanitiser (cleanRichText), then
// answers as the product's forms do (201 with a redirect). The search is the real /users/autocomplete.
function assetTags(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../public/build/.vite/manifest.json'), 'utf8'));
  const entry = manifest['islands/core/main.ts'];
  return [...(entry.css ?? []).map((c: string) => `<link rel="stylesheet" href="/build/${c}">`), `<script type="module" src="/build/${entry.file}"></script>`].join('');
}

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Saved {
  notes: string;
  who: string;
  whoId: string;
}

/** The fields of the form as posted (multipart, as the AJAX forms send them). */
async function formData(body: Buffer | null, contentType: string): Promise<Saved> {
  const data = await new Response(body ? new Blob([new Uint8Array(body)]) : null, { headers: { 'content-type': contentType } }).formData();
  const field = (name: string) => String(data.get(name) ?? '');
  return { notes: field('notes'), who: field('who'), whoId: field('who_id') };
}

const PAGE = (csrf: string, saved: Saved, whoRequired = false) => `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Consigne</title>${assetTags()}
<script type="application/json" id="vigie-boot">{"locale":"fr","csrfToken":"${csrf}","messages":${fs.readFileSync(path.join(__dirname, '../../../translations/fr/client.json'), 'utf8')}}</script></head>
<body><main class="p-4"><h1>Consigne</h1>
  <form method="post" action="/__richtext-test" data-ajax-form>
    <input type="hidden" name="_csrf_token" value="${csrf}">
    <div class="mb-3 position-relative">
      <label class="form-label" for="who">Responsable</label>
      <input class="form-control" id="who" name="who" value="${escape(saved.who)}" data-autocomplete-url="/users/autocomplete" data-autocomplete-target="#who_id" placeholder="Rechercher un utilisateur"${whoRequired ? ' required' : ''}>
      <input type="hidden" id="who_id" name="who_id" value="${escape(saved.whoId)}">
    </div>
    <div class="mb-3">
      <label class="form-label" for="notes">Consignes</label>
      <textarea id="notes" name="notes" data-richtext required>${escape(saved.notes)}</textarea>
    </div>
    <button type="submit" class="btn btn-primary">Enregistrer</button>
  </form>
</main></body></html>`;

test('bold text typed in a rich-text field and a user picked in a search are saved and shown again after a reload', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  const csrf = await page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
  let saved: Saved = { notes: '', who: '', whoId: '' };
  const posted: Saved[] = [];
  await page.route('**/__richtext-test', async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const body = await formData(request.postDataBuffer(), request.headers()['content-type']);
      posted.push(body);
      saved = { ...body, notes: cleanRichText(body.notes) };
      await route.fulfill({ status: 201, json: { redirect: '/__richtext-test' } });
      return;
    }
    await route.fulfill({ contentType: 'text/html', body: PAGE(csrf, saved) });
  });
  await page.goto('/__richtext-test');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  await expectAccessible(page, 'formulaire avec texte riche et recherche');

  // An empty required editor stops the save with the French message.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const editor = page.getByTestId('richtext-editor');
  await expect(page.getByText('Veuillez renseigner ce champ.')).toBeVisible();
  await expect(editor).toHaveClass(/is-invalid/);
  expect(posted).toEqual([]);

  // Bold from the keyboard (the toolbar's button says it is on), then plain text.
  await editor.click();
  await page.keyboard.press('Control+b');
  await expect(page.getByRole('button', { name: 'Gras' })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Port du casque');
  await page.keyboard.press('Control+b');
  await page.keyboard.type(' sur tout le chantier');
  await expect(editor).not.toHaveClass(/is-invalid/);

  // The search: the list is open with the server's suggestions, then one is picked with the keyboard.
  const search = page.getByRole('combobox', { name: 'Responsable' });
  await search.pressSequentially('Alice', { delay: 30 });
  await expect(page.getByRole('option', { name: 'Alice Admin' })).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'recherche ouverte');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.locator('#who')).toHaveValue('Alice Admin');
  await expect(page.locator('#who_id')).toHaveValue(/^\d+$/);
  const id = await page.locator('#who_id').inputValue();

  let loaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await loaded;
  // Posted as before Tom Select and Tiptap: the label, the id, the editor's HTML.
  expect(posted).toHaveLength(1);
  expect(posted[0]).toEqual({ notes: '<p><strong>Port du casque</strong> sur tout le chantier</p>', who: 'Alice Admin', whoId: id });
  expect(saved.notes).toBe('<p><strong>Port du casque</strong> sur tout le chantier</p>');

  await page.reload();
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  await expect(page.getByTestId('richtext-editor').locator('strong')).toHaveText('Port du casque');
  await expect(page.getByTestId('richtext-editor')).toContainText('Port du casque sur tout le chantier');
  await expect(page.locator('.ts-control .item')).toHaveText('Alice Admin');
  await expect(page.locator('#who_id')).toHaveValue(id);
  await expectAccessible(page, 'formulaire rechargé');

  // Emptied, the search posts neither label nor id; the text is kept.
  await page.getByRole('combobox', { name: 'Responsable' }).press('Backspace');
  await expect(page.locator('#who')).toHaveValue('');
  await expect(page.locator('#who_id')).toHaveValue('');
  loaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await loaded;
  expect(posted[1]).toEqual({ notes: '<p><strong>Port du casque</strong> sur tout le chantier</p>', who: '', whoId: '' });
  expectNoConsoleErrors(consoleErrors);
});

test('a required search left empty stops the save; text typed without a choice is posted without an id and shown again', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  const csrf = await page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
  let saved: Saved = { notes: '<p>Consigne</p>', who: '', whoId: '' };
  await page.route('**/__richtext-test', async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const body = await formData(request.postDataBuffer(), request.headers()['content-type']);
      saved = { ...body, notes: cleanRichText(body.notes) };
      await route.fulfill({ status: 201, json: { redirect: '/__richtext-test' } });
      return;
    }
    await route.fulfill({ contentType: 'text/html', body: PAGE(csrf, saved, true) });
  });
  await page.goto('/__richtext-test');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  // The browser's check, on the select Tom Select drives, in French; the field shows it.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.locator('#who-search')).toHaveJSProperty('validationMessage', 'Veuillez renseigner ce champ.');
  await expect(page.locator('.ts-wrapper')).toHaveClass(/\binvalid\b/);
  expect(saved.who).toBe('');
  await page.getByRole('combobox', { name: 'Responsable' }).fill('Personne inconnue');
  const loaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await loaded;
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  expect(saved).toEqual({ notes: '<p>Consigne</p>', who: 'Personne inconnue', whoId: '' });
  await expect(page.locator('.ts-control .item')).toHaveText('Personne inconnue');
  await expect(page.locator('#who')).toHaveValue('Personne inconnue');
  expectNoConsoleErrors(consoleErrors);
});

test('Tiptap and Tom Select are downloaded only by pages with a rich-text field or a search', async ({ page, consoleErrors }) => {
  await login(page, 'admin');
  const seen: string[] = [];
  page.on('request', (request) => {
    const file = new URL(request.url()).pathname;
    if (/^\/build\/assets\/(rich-text|autocomplete)-/.test(file)) seen.push(file);
  });
  await page.goto('/');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(seen).toEqual([]);

  // The action plan's filters hold a search: its script and its styles (the Bootstrap 5 theme), not the editor.
  await page.goto('/action-plan');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);
  await expect(page.locator('.ts-wrapper')).not.toHaveCount(0);
  expect(seen.some((file) => /\/autocomplete-[\w-]+\.js$/.test(file))).toBe(true);
  expect(seen.some((file) => /\/autocomplete-[\w-]+\.css$/.test(file))).toBe(true);
  expect(seen.some((file) => file.includes('/rich-text-'))).toBe(false);
  expectNoConsoleErrors(consoleErrors);
});
