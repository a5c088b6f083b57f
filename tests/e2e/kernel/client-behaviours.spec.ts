import fs from 'node:fs';
import path from 'node:path';
import { expect, expectNoConsoleErrors, login, test } from '../support/fixtures';

// No product screen uses every behaviour yet: this page loads the real built client (from the
// manifest, served by the real server) around plain markup that follows docs/client.md.
function assetTags(): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../public/build/.vite/manifest.json'), 'utf8'));
  const entry = manifest['islands/core/main.ts'];
  return [...(entry.css ?? []).map((c: string) => `<link rel="stylesheet" href="/build/${c}">`), `<script type="module" src="/build/${entry.file}"></script>`].join('');
}

const PAGE = (csrf: string) => `<!doctype html><html lang="fr"><head><meta charset="utf-8">${assetTags()}
<script type="application/json" id="vigie-boot">{"locale":"fr","csrfToken":"${csrf}","messages":${fs.readFileSync(path.join(__dirname, '../../../translations/fr/client.json'), 'utf8')}}</script></head>
<body><main class="p-4">
  <table data-bulk><thead><tr><th><input type="checkbox" data-bulk-all aria-label="tout"></th></tr></thead>
    <tbody><tr><td><input type="checkbox" data-bulk-item value="1" aria-label="ligne 1"></td></tr></tbody></table>
  <button type="button" data-bulk-action="/nulle-part">Archiver la sélection</button>
  <a href="/" data-confirm="Supprimer cet élément ?">Supprimer</a>
  <div data-workflow><span data-workflow-state>Brouillon</span><div data-workflow-actions>
    <button type="button" data-transition-url="/nulle-part" data-comment-required="1" data-comment-prompt>Refuser</button></div></div>
  <label for="d1">Date de début</label><input id="d1" data-datepicker>
  <label for="start">Début des travaux</label><input id="start" data-datepicker data-start-for="#end">
  <label for="end">Fin des travaux</label><input id="end" data-datepicker data-interval-days="5">
  <label for="future">Date future</label><input id="future" data-datepicker data-min-date="today">
  <form>
    <input type="hidden" name="_csrf_token" value="${csrf}">
    <label for="who">Responsable</label><input id="who" data-autocomplete-url="/users/autocomplete" data-autocomplete-target="#who_id">
    <input type="hidden" id="who_id" name="who_id">
    <label for="title">Titre</label><input id="title" name="title" required>
    <button type="submit" name="_submit" value="DRAFT">Enregistrer en brouillon</button>
    <label for="notes">Consignes</label><textarea id="notes" name="notes" data-richtext data-upload-url="/file-manager/upload"></textarea>
  </form>
</main></body></html>`;

test('bulk actions, confirm dialog, required comment and French date picker behave as the spec says', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  const csrf = await page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
  await page.route('**/__client-test', (route) => route.fulfill({ contentType: 'text/html', body: PAGE(csrf) }));
  await page.goto('/__client-test');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);

  await page.getByRole('button', { name: 'Archiver la sélection' }).click();
  await expect(page.getByText('Veuillez effectuer une sélection')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Supprimer' }).click();
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm.getByText('Supprimer cet élément ?')).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Oui' })).toBeVisible();
  await confirm.getByRole('button', { name: 'Annuler' }).click();
  await expect(page).toHaveURL(/__client-test/);

  await page.getByRole('button', { name: 'Refuser' }).click();
  const prompt = page.getByTestId('comment-prompt');
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: /Valider|OK|Envoyer|Confirmer/ }).click();
  await expect(prompt.getByText('Veuillez renseigner ce champ.')).toBeVisible();
  await prompt.getByRole('button', { name: 'Annuler' }).click();

  await page.getByLabel('Date de début').click();
  await expect(page.locator('.flatpickr-calendar.open .flatpickr-weekday').first()).toHaveText(/lun/i);
  await page.locator('.flatpickr-calendar.open .flatpickr-day:not(.prevMonthDay):not(.nextMonthDay)').first().click();
  await expect(page.getByLabel('Date de début')).toHaveValue(/^01\/\d{2}\/\d{4}$/);
  expectNoConsoleErrors(consoleErrors);
});

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000000000500010d0a2db40000000049454e44ae426082', 'hex');

test('linked dates, autocomplete on the real user search and the rich-text editor with an image upload', async ({ page, consoleErrors }) => {
  await login(page, 'user');
  const csrf = await page.locator('#vigie-boot').evaluate((el) => JSON.parse(el.textContent || '{}').csrfToken);
  await page.route('**/__client-test', (route) => route.fulfill({ contentType: 'text/html', body: PAGE(csrf) }));
  await page.goto('/__client-test');
  await expect(page.locator('html[data-vigie-ready="1"]')).toHaveCount(1);

  // Choosing a start fills the empty end with start + interval and forbids an end before it.
  await page.getByLabel('Début des travaux').evaluate((el) => (el as any)._flatpickr.setDate('10/03/2027', true));
  await expect(page.getByLabel('Fin des travaux')).toHaveValue('15/03/2027');
  const endMin = await page.getByLabel('Fin des travaux').evaluate((el) => (el as any)._flatpickr.config.minDate?.toISOString?.() ?? null);
  expect(endMin).not.toBeNull();
  const endAllows = await page.getByLabel('Fin des travaux').evaluate((el) => {
    const fp = (el as any)._flatpickr;
    return { before: fp.isEnabled(new Date(2027, 2, 9)), same: fp.isEnabled(new Date(2027, 2, 10)) };
  });
  expect(endAllows).toEqual({ before: false, same: true });
  // data-min-date="today": yesterday cannot be picked.
  const allowed = await page.getByLabel('Date future').evaluate((el) => {
    const fp = (el as any)._flatpickr;
    const today = new Date();
    const yesterday = new Date(today.getTime() - 86_400_000);
    return { today: fp.isEnabled(today), yesterday: fp.isEnabled(yesterday) };
  });
  expect(allowed).toEqual({ today: true, yesterday: false });

  // The DRAFT button submits without the browser's required-field check.
  await expect(page.getByRole('button', { name: 'Enregistrer en brouillon' })).toHaveAttribute('formnovalidate', '');

  // Autocomplete reads the real /users/autocomplete and writes the id into the hidden field.
  await page.getByLabel('Responsable').pressSequentially('Alice', { delay: 30 });
  await page.getByRole('option', { name: 'Alice Admin' }).click();
  // Tom Select shows the choice as an item; the view's input (now hidden) carries the label it posts.
  await expect(page.locator('#who')).toHaveValue('Alice Admin');
  await expect(page.locator('#who_id')).toHaveValue(/^\d+$/);

  // Rich text: bold text, then an image sent to the real upload endpoint.
  const editor = page.getByTestId('richtext-editor');
  await editor.click();
  await page.getByRole('button', { name: 'Gras' }).click();
  await page.keyboard.type('Port du casque obligatoire');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Insérer une image' }).click();
  await (await chooser).setFiles({ name: 'casque.png', mimeType: 'image/png', buffer: PNG });
  await expect(editor.locator('img[src^="/file-manager/"]')).toHaveCount(1);
  const html = await page.locator('#notes').inputValue();
  expect(html).toMatch(/<(b|strong)>Port du casque obligatoire<\/(b|strong)>/);
  expect(html).toMatch(/<img src="\/file-manager\/[A-Za-z0-9_-]{43}"/);
  // ProseMirror adds its own separator image after an inline one: the uploaded image by its source.
  const src = await editor.locator('img[src^="/file-manager/"]').getAttribute('src');
  expect((await page.request.get(src!)).headers()['content-type']).toBe('image/png');
  expectNoConsoleErrors(consoleErrors);
});
