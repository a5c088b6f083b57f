/** The spec's palette of 10 chart colours, in order. */
export const CHART_COLORS = ['#0f5f73', '#e4572e', '#29a36a', '#f3a712', '#6f42c1', '#17a2b8', '#d63384', '#8d6e63', '#5c7cfa', '#495057'] as const;

/** The 21 named colours (codes used by roles, consignment types, nomenclatures). */
export const NAMED_COLORS: Record<string, string> = {
  red: '#dc3545', pink: '#d63384', purple: '#6f42c1', light_blue: '#5bc0de', cyan: '#0dcaf0', green: '#198754',
  yellow: '#ffc107', orange: '#fd7e14', black: '#212529', blue: '#0d6efd', indigo: '#6610f2', teal: '#20c997',
  grey: '#6c757d', dark_grey: '#343a40', light_grey: '#ced4da', brown: '#8d6e63', lime: '#9ccc65', navy: '#1a237e',
  maroon: '#800000', olive: '#808000', white: '#ffffff',
};

const channel = (v: number): number => { const c = v / 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };

/**
 * The text colour that reads on a `#rrggbb` background: white whenever it reaches WCAG's 4.5:1,
 * else white or black, whichever contrasts more (a perceived-brightness threshold put white on teal
 * #20c997, 2.1:1). Black, not Bootstrap's #212529: on mid tones such as olive #808000 only pure
 * black reaches 4.5:1.
 */
export function readableTextColor(background: string): '#ffffff' | '#000000' {
  const [r, g, b] = [1, 3, 5].map((i) => channel(parseInt(background.slice(i, i + 2), 16)));
  const l = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  const white = 1.05 / (l + 0.05);
  // White wherever it reads (the colours keep their usual look), else the better of the two.
  return white >= 4.5 || white >= (l + 0.05) / 0.05 ? '#ffffff' : '#000000';
}
