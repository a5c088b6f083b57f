import { NAMED_COLORS, readableTextColor } from '../../kernel/palette';

/** Inline style of a role badge: its named colour as background, black or white text, whichever contrasts more. */
export function badgeStyle(color: string): string {
  const hex = NAMED_COLORS[color] ?? NAMED_COLORS.blue;
  return `background-color: ${hex}; color: ${readableTextColor(hex)};${color === 'white' ? ' border: 1px solid #ced4da;' : ''}`;
}
