import { formatRelative } from '../../server/kernel/i18n/format';

export { formatRelative };
import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/** Props serialised by the server. */
export interface RelativeTimeProps {
  /** ISO 8601 date. */
  date: string;
  /** BCP 47 locale, e.g. `fr`. */
  locale: string;
  /** Text shown before the relative time, e.g. "Dernière connexion :". */
  label: string;
}

const REFRESH_MS = 30_000;
function RelativeTime({ date, locale, label }: RelativeTimeProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  const parsed = new Date(date);
  const relative = Number.isNaN(parsed.getTime()) ? '' : formatRelative(parsed, now, locale);
  return (
    <span data-testid="relative-time" title={Number.isNaN(parsed.getTime()) ? undefined : parsed.toLocaleString(locale)}>
      {label} {relative}
    </span>
  );
}

/** Island contract: renders into `el`, returns the unmount function (which clears the timer). */
export function mount(el: HTMLElement, props: RelativeTimeProps): () => void {
  const root = createRoot(el);
  root.render(<RelativeTime {...props} />);
  return () => root.unmount();
}
