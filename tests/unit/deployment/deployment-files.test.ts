import fs from 'node:fs';
import path from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';
import { parse } from 'yaml';

// No Docker engine runs here: the image and the compose file are linted instead, against the
// repository they must build from and the variables the code really reads.
const ROOT = path.join(__dirname, '..', '..', '..');
const read = (f: string) => fs.readFileSync(path.join(ROOT, f), 'utf8');
const dockerfile = DockerfileParser.parse(read('Dockerfile'));
const instructions = dockerfile.getInstructions();
const compose = parse(read('docker-compose.yml'), { merge: true }) as { services: Record<string, Record<string, unknown>> };

/** Every environment variable the server's code reads (`env.X`, `process.env.X`). */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.ts')) for (const m of fs.readFileSync(p, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)) names.add(m[1]);
    }
  };
  walk(path.join(ROOT, 'server'));
  return names;
}

describe('Dockerfile', () => {
  it('builds in one stage and runs a slim, current Node in another', () => {
    const froms = dockerfile.getFROMs();
    expect(froms.map((f) => f.getBuildStage())).toEqual(['build', 'runtime']);
    for (const f of froms) {
      expect(f.getImageName()).toBe('node');
      expect(Number(/^(\d+)/.exec(f.getImageTag() ?? '')?.[1])).toBeGreaterThanOrEqual(22);
    }
    expect(froms[1].getImageTag()).toMatch(/-slim$/);
  });

  it('installs from the lockfile and builds in the build stage, with no browser download', () => {
    const runs = instructions.filter((i) => i.getKeyword() === 'RUN').map((i) => i.getArgumentsContent() ?? '');
    expect(runs.some((r) => /\bnpm ci\b/.test(r))).toBe(true);
    expect(runs.some((r) => /\bnpm install\b/.test(r))).toBe(false);
    expect(runs.some((r) => /npm run build/.test(r) && /npm prune --omit=dev/.test(r))).toBe(true);
    expect(read('Dockerfile')).toMatch(/PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1/);
  });

  it('gives the runtime Chromium and fonts from Debian, without recommends or apt lists', () => {
    const apt = instructions.find((i) => i.getKeyword() === 'RUN' && /apt-get install/.test(i.getArgumentsContent() ?? ''))!.getArgumentsContent()!;
    expect(apt).toMatch(/--no-install-recommends/);
    expect(apt).toMatch(/\bchromium\b/);
    expect(apt).toMatch(/fonts-/);
    expect(apt).toMatch(/rm -rf \/var\/lib\/apt\/lists/);
  });

  it('copies into the runtime only what the build stage made or the repository holds', () => {
    const copies = instructions.filter((i) => i.getKeyword() === 'COPY' && /--from=build/.test(i.getTextContent()));
    expect(copies.length).toBeGreaterThan(0);
    const built = new Set(['/app/node_modules', '/app/dist']);
    const sources = copies.flatMap((c) => c.getArguments().map((a) => a.getValue()).filter((a) => !a.startsWith('--')).slice(0, -1));
    const missing = sources.filter((src) => !built.has(src) && !fs.existsSync(path.join(ROOT, src.replace(/^\/app\//, ''))));
    expect(sources).toContain('/app/dist');
    expect(missing).toEqual([]);
  });

  it('runs as a non-root user, with a health check on /healthz and node as the process', () => {
    const keywords = instructions.map((i) => i.getKeyword());
    const lastFrom = keywords.lastIndexOf('FROM');
    const user = instructions.slice(lastFrom).find((i) => i.getKeyword() === 'USER');
    expect(user?.getArgumentsContent()).toBe('vigie');
    expect(instructions.find((i) => i.getKeyword() === 'HEALTHCHECK')?.getArgumentsContent()).toMatch(/\/healthz/);
    expect(instructions.at(-1)!.getKeyword()).toBe('CMD');
    expect(JSON.parse(instructions.at(-1)!.getArgumentsContent()!)).toEqual(['node', 'dist/server/main.js']);
    expect(fs.existsSync(path.join(ROOT, 'server', 'main.ts'))).toBe(true);
  });
});

describe('docker-compose.yml', () => {
  const services = compose.services;

  it('runs PostgreSQL, MinIO, the bucket and the migrations once, two app instances and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'createbucket', 'migrate', 'minio', 'postgres', 'proxy']);
    expect(services.migrate.command).toEqual(['node', 'dist/server/cli/index.js', 'migrate']);
    expect(fs.existsSync(path.join(ROOT, 'server', 'cli', 'index.ts'))).toBe(true);
    for (const app of ['app1', 'app2']) {
      expect(services[app].image).toBe('vigie');
      expect(services[app].depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' }, createbucket: { condition: 'service_completed_successfully' } });
      expect((services[app].environment as Record<string, string>).MIGRATE_ON_START).toBe('0');
    }
  });

  it('depends only on services it declares', () => {
    for (const s of Object.values(services)) {
      const deps = Array.isArray(s.depends_on) ? s.depends_on : Object.keys((s.depends_on as object) ?? {});
      for (const d of deps as string[]) expect(Object.keys(services)).toContain(d);
    }
  });

  it('sets only variables the code reads, with the S3 store chosen', () => {
    const env = services.app1.environment as Record<string, string>;
    expect(env.STORAGE_DRIVER).toBe('s3');
    const read = variablesRead();
    for (const name of Object.keys(env)) expect({ name, read: read.has(name) }).toEqual({ name, read: true });
  });

  it('sends the proxy to both instances', () => {
    expect(read('docs/nginx.conf')).toMatch(/upstream vigie \{ server app1:3000; server app2:3000; \}/);
  });
});
