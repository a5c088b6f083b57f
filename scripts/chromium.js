'use strict';
// Finds Debian's chromium for the end-to-end tests and PDFs, installing it with apt when the
// process is root; never downloads a browser of its own.

/**
 * @param {{ env: NodeJS.ProcessEnv, exists: (p: string) => boolean, isRoot: boolean,
 *   run: (cmd: string, args: string[]) => number, log: (m: string) => void }} deps
 * @returns {{ path: string } | { error: string }}
 */
function ensureChromium({ env, exists, isRoot, run, log }) {
  const wanted = env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (exists(wanted)) return { path: wanted };
  if (!env.CHROMIUM_PATH && isRoot && exists('/usr/bin/apt-get')) {
    log('Chromium absent : installation du paquet Debian « chromium »…');
    run('apt-get', ['update', '-qq']);
    const status = run('apt-get', ['install', '-y', '-qq', 'chromium', 'poppler-utils']);
    if (status === 0 && exists('/usr/bin/chromium')) return { path: '/usr/bin/chromium' };
  }
  return {
    error: `Chromium est introuvable (${wanted}). Installez-le avec « sudo apt-get install chromium poppler-utils » ` +
      'ou indiquez son chemin dans CHROMIUM_PATH, puis relancez « npm test ».',
  };
}

module.exports = { ensureChromium };
