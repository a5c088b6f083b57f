/** The spec's palette of 10 chart colours, in order. */
export const CHART_COLORS = ['#0f5f73', '#e4572e', '#29a36a', '#f3a712', '#6f42c1', '#17a2b8', '#d63384', '#8d6e63', '#5c7cfa', '#495057'] as const;

/** The 21 named colours (codes used by roles, consignment types, nomenclatures). */
export const NAMED_COLORS: Record<string, string> = {
  red: '#dc3545', pink: '#d63384', purple: '#6f42c1', light_blue: '#5bc0de', cyan: '#0dcaf0', green: '#198754',
  yellow: '#ffc107', orange: '#fd7e14', black: '#212529', blue: '#0d6efd', indigo: '#6610f2', teal: '#20c997',
  grey: '#6c757d', dark_grey: '#343a40', light_grey: '#ced4da', brown: '#8d6e63', lime: '#9ccc65', navy: '#1a237e',
  maroon: '#800000', olive: '#808000', white: '#ffffff',
};
