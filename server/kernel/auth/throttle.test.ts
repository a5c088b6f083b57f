import { ACCOUNT_LOCK, accountBlockMs, nextAccountLockState, type AccountLockState } from './throttle';

const MIN = 60_000;
const at = (minutes: number): Date => new Date(Date.UTC(2031, 0, 1, 8) + minutes * MIN);

/** The state after `n` failures at the given minute, from nothing. */
function failures(n: number, minute = 0): AccountLockState & { episodeStarted: boolean } {
  let s: (AccountLockState & { episodeStarted: boolean }) | null = null;
  for (let i = 0; i < n; i++) s = nextAccountLockState(s, at(minute));
  return s!;
}

describe('per-account lockout rule', () => {
  it('blocks at the 10th failure of the window, not at the 9th', () => {
    expect(ACCOUNT_LOCK.threshold).toBe(10);
    expect(failures(9)).toMatchObject({ hits: 9, blockedUntil: null, lockouts: 0, episodeStarted: false });
    expect(failures(10)).toMatchObject({ hits: 10, blockedUntil: at(1), lockouts: 1, episodeStarted: true });
  });

  it('doubles each further block of the episode up to 15 minutes, and starts the episode once', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => accountBlockMs(n) / MIN)).toEqual([1, 2, 4, 8, 15, 15]);
    let s = failures(10);
    const blocks: number[] = [];
    let minute = 0;
    for (let i = 0; i < 5; i++) {
      minute = (s.blockedUntil!.getTime() - at(0).getTime()) / MIN;
      s = nextAccountLockState(s, at(minute));
      blocks.push((s.blockedUntil!.getTime() - at(minute).getTime()) / MIN);
      expect(s.episodeStarted).toBe(false);
    }
    expect(blocks).toEqual([2, 4, 8, 15, 15]);
  });

  it('counts failures in a 15-minute window: the 10th at 14 min blocks, at 15 min it is a new window', () => {
    const nine = failures(9, 0);
    expect(nextAccountLockState(nine, at(14)).lockouts).toBe(1);
    expect(nextAccountLockState(nine, at(15))).toMatchObject({ hits: 1, lockouts: 0, blockedUntil: null });
  });

  it('ends an episode 15 quiet minutes after its last block ends, not one minute sooner', () => {
    const blocked = failures(10); // blocked until minute 1
    expect(nextAccountLockState(blocked, at(15)).lockouts).toBe(2);
    expect(nextAccountLockState(blocked, at(16))).toMatchObject({ hits: 1, lockouts: 0, blockedUntil: null });
  });
});
