import type { Request, Response } from 'express';
import { addFlash } from '../../kernel/http/flash';
import { renderScreen } from '../../kernel/http/render';
import { loadSettings, saveSettings, SETTINGS, SETTING_GROUPS, validateSettings } from '../../kernel/settings/settings';
import { loadToggles, setToggle, TOGGLES } from '../../kernel/toggles/toggles';

async function render(req: Request, res: Response, values: Record<string, unknown>, toggles: Record<string, boolean>, errors: Record<string, unknown> = {}, status = 200): Promise<void> {
  await renderScreen(req, res, 'admin-settings/index', {
    title: req.t('settings.title'), settings: SETTINGS, groups: SETTING_GROUPS, toggleDefs: TOGGLES, values, toggleValues: toggles, errors,
  }, status);
}

/** `GET /admin/settings`: global parameters and feature toggles of the active company. */
export async function index(req: Request, res: Response): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  await render(req, res, await loadSettings(req.ctx.db, tenantId), await loadToggles(req.ctx.db, tenantId));
}

/**
 * `POST /admin/settings`: saves everything in one transaction. Switching a toggle on also
 * switches on what it depends on; the flash says which.
 */
export async function save(req: Request, res: Response): Promise<void> {
  const tenantId = req.authUser!.tenantId;
  const raw = (req.body?.settings ?? {}) as Record<string, unknown>;
  const asked = (req.body?.toggles ?? {}) as Record<string, unknown>;
  const wanted = Object.fromEntries(TOGGLES.map((t) => {
    const v = asked[t.code];
    const last = Array.isArray(v) ? v[v.length - 1] : v;
    return [t.code, last === '1'];
  }));
  const { values, errors } = validateSettings(raw);
  if (Object.keys(errors).length) {
    await render(req, res, raw, wanted, errors, 200);
    return;
  }
  const before = await loadToggles(req.ctx.db, tenantId);
  const alsoEnabled = new Set<string>();
  await req.ctx.db.transaction(async (m) => {
    await saveSettings(m, tenantId, values);
    // Switch off first, so an explicit dependency switched on below wins.
    for (const t of TOGGLES) if (!wanted[t.code] && before[t.code] !== false) await setToggle(m, tenantId, t.code, false);
    for (const t of TOGGLES) {
      if (!wanted[t.code]) continue;
      for (const code of await setToggle(m, tenantId, t.code, true)) if (code !== t.code && !wanted[code]) alsoEnabled.add(code);
    }
  });
  addFlash(req, 'success', 'settings.saved');
  if (alsoEnabled.size) addFlash(req, 'info', 'settings.dependencies_enabled', { list: [...alsoEnabled].map((c) => req.t(`settings.toggles.${c}.label`)).join(', ') });
  res.redirect(req.ctx.routes.path('admin_settings_index'));
}
