import { NAMED_COLORS } from '../../kernel/palette';

/** Inline style of a role badge: its named colour as background, black or white text for contrast. */
export function badgeStyle(color: string): string {
  const hex = NAMED_COLORS[color] ?? NAMED_COLORS.blue;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  // Perceived brightness (ITU-R BT.601): light backgrounds get dark text.
  const light = (r * 299 + g * 587 + b * 114) / 1000 > 150;
  return `background-color: ${hex}; color: ${light ? '#212529' : '#ffffff'};${color === 'white' ? ' border: 1px solid #ced4da;' : ''}`;
}
