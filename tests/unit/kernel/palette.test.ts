import { readableTextColor } from '../../../server/kernel/palette';
import { badgeStyle } from '../../../server/modules/admin-roles/admin-roles.colors';

/** Role badges and coloured labels stay readable (issue 25 item 10: WCAG AA contrast). */
describe('readableTextColor', () => {
  it('writes dark text on light colours and white on dark ones, whichever contrasts more', () => {
    expect(readableTextColor('#20c997')).toBe('#212529');
    expect(readableTextColor('#0dcaf0')).toBe('#212529');
    expect(readableTextColor('#ffc107')).toBe('#212529');
    expect(readableTextColor('#ffffff')).toBe('#212529');
    expect(readableTextColor('#0d6efd')).toBe('#ffffff');
    expect(readableTextColor('#1a237e')).toBe('#ffffff');
    expect(readableTextColor('#212529')).toBe('#ffffff');
  });

  it('gives the role badge its colour and the readable text', () => {
    expect(badgeStyle('teal')).toBe('background-color: #20c997; color: #212529;');
    expect(badgeStyle('navy')).toBe('background-color: #1a237e; color: #ffffff;');
    expect(badgeStyle('white')).toBe('background-color: #ffffff; color: #212529; border: 1px solid #ced4da;');
  });
});
