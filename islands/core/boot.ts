/** Data the layout hands to the client in `<script type="application/json" id="vigie-boot">`. */
export interface BootData {
  /** Locale of the signed-in user, e.g. `fr`. */
  locale: string;
  /** Session CSRF token, sent as `X-CSRF-Token` and `_csrf_token`. */
  csrfToken: string;
  /**
   * Messages overriding the bundled `client` catalogues (nested or flat keys); pages give none,
   * the bundle holds every locale's (i18n.ts).
   */
  messages: Record<string, unknown>;
}

let cached: BootData | null = null;

/** Reads (once) and returns the boot data; missing or broken data gives safe defaults. */
export function bootData(): BootData {
  if (cached) return cached;
  let parsed: Partial<BootData> = {};
  const el = document.getElementById('vigie-boot');
  if (el?.textContent) {
    try {
      parsed = JSON.parse(el.textContent) as Partial<BootData>;
    } catch {
      parsed = {};
    }
  }
  cached = {
    locale: parsed.locale || document.documentElement.lang || 'fr',
    csrfToken: parsed.csrfToken || '',
    messages: parsed.messages && typeof parsed.messages === 'object' ? parsed.messages : {},
  };
  return cached;
}

/** The CSRF token: boot data first, then a `_csrf_token` field or a `csrf-token` meta tag. */
export function csrfToken(scope?: Element | null): string {
  const fromBoot = bootData().csrfToken;
  if (fromBoot) return fromBoot;
  const field = (scope?.querySelector('input[name="_csrf_token"]') ??
    document.querySelector('input[name="_csrf_token"]')) as HTMLInputElement | null;
  if (field?.value) return field.value;
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

/** Forgets the cached boot data (tests, or after the layout replaced the boot script). */
export function resetBootData(): void {
  cached = null;
}
