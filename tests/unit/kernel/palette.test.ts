import { readableTextColor } from '../../../server/kernel/palette';
import { badgeStyle } from '../../../server/modules/admin-roles/admin-roles.colors';

/** Role badges and coloured labels stay readable (issue 25 item 10: WCAG AA contrast). */
describe('readableTextColor', () => {
  it('writes dark text on light colours and white on dark ones, whichever contrasts more', () => {
    expect(readableTextColor('#20c997')).toBe('#000000');
    expect(readableTextColor('#0dcaf0')).toBe('#000000');
    expect(readableTextColor('#ffc107')).toBe('#000000');
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('#0d6efd')).toBe('#ffffff');
    expect(readableTextColor('#1a237e')).toBe('#ffffff');
    expect(readableTextColor('#000000')).toBe('#ffffff');
  });

  it('gives the role badge its colour and the readable text', () => {
    expect(badgeStyle('teal')).toBe('background-color: #20c997; color: #000000;');
    expect(badgeStyle('navy')).toBe('background-color: #1a237e; color: #ffffff;');
    expect(badgeStyle('white')).toBe('background-color: #ffffff; color: #000000; border: 1px solid #ced4da;');
  });
});
