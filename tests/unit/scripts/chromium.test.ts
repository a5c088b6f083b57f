// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureChromium } = require('../../../scripts/chromium');

function deps(opts: { files: string[]; isRoot: boolean; env?: Record<string, string>; installWorks?: boolean }) {
  const files = new Set(opts.files);
  const calls: string[] = [];
  return {
    calls,
    d: {
      env: opts.env ?? {},
      isRoot: opts.isRoot,
      exists: (p: string) => files.has(p),
      run: (cmd: string, args: string[]) => {
        calls.push(`${cmd} ${args.join(' ')}`);
        if (args[0] === 'install' && opts.installWorks) files.add('/usr/bin/chromium');
        return opts.installWorks === false && args[0] === 'install' ? 100 : 0;
      },
      log: () => undefined,
    },
  };
}

describe('ensureChromium (npm test on a fresh machine)', () => {
  it('uses Debian chromium when present, installing nothing', () => {
    const { d, calls } = deps({ files: ['/usr/bin/chromium'], isRoot: true });
    expect(ensureChromium(d)).toEqual({ path: '/usr/bin/chromium' });
    expect(calls).toEqual([]);
  });
  it('installs chromium and poppler-utils with apt when root', () => {
    const { d, calls } = deps({ files: ['/usr/bin/apt-get'], isRoot: true, installWorks: true });
    expect(ensureChromium(d)).toEqual({ path: '/usr/bin/chromium' });
    expect(calls).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium poppler-utils']);
  });
  it('stops with a French message saying how, when it cannot install', () => {
    const { d, calls } = deps({ files: ['/usr/bin/apt-get'], isRoot: false });
    expect(ensureChromium(d)).toEqual({ error: expect.stringContaining('sudo apt-get install chromium poppler-utils') });
    expect(calls).toEqual([]);
    const failed = deps({ files: ['/usr/bin/apt-get'], isRoot: true, installWorks: false });
    expect(ensureChromium(failed.d)).toEqual({ error: expect.stringContaining('Chromium est introuvable') });
  });
  it('honours CHROMIUM_PATH and never replaces it by an install', () => {
    const ok = deps({ files: ['/opt/chrome/chrome'], isRoot: true, env: { CHROMIUM_PATH: '/opt/chrome/chrome' } });
    expect(ensureChromium(ok.d)).toEqual({ path: '/opt/chrome/chrome' });
    const missing = deps({ files: ['/usr/bin/apt-get'], isRoot: true, env: { CHROMIUM_PATH: '/nope' } });
    expect(ensureChromium(missing.d)).toEqual({ error: expect.stringContaining('/nope') });
    expect(missing.calls).toEqual([]);
  });
});
