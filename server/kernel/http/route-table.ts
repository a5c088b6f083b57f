import type { Request, Response, NextFunction } from 'express';
import { heavyHandler, type HeavyKind } from './heavy-work';


/** HTTP methods a named route may answer. */
export type HttpMethod = 'GET' | 'POST';

/** A request handler of a named route: thin, parse -> authorize -> service -> render. */
export type RouteHandler = (req: Request, res: Response, next: NextFunction) => unknown;

/** One named route, declared as data by a module. */
export interface RouteDef {
  name: string;
  method: HttpMethod | HttpMethod[];
  /** Path with `{param}` placeholders, e.g. `/prevention-plan/{id}`. */
  path: string;
  /**
   * The named right needed: a right name, `'authenticated'` (any logged-in user) or
   * `'public'` (no login, e.g. login page, signature links, translations).
   */
  right: string;
  handler: RouteHandler;
  /** Regex sources per param; defaults come from {@link defaultRequirement}. */
  requirements?: Record<string, string>;
  /** Values for trailing params that may be omitted. */
  defaults?: Record<string, string>;
  /** Feature toggle that must be on for the route to answer. */
  toggle?: string;
  /** Body parsers run before the CSRF check, e.g. `uploadFiles(...)` for multipart with files. */
  bodyParsers?: RouteHandler[];
  /** Translation key of the 403 message when the right is missing (e.g. 'Action non autorisée.' on deletions). */
  forbiddenMessage?: string;
  /** Skips the CSRF check (only for routes that carry their own single-use token). */
  csrfExempt?: boolean;
  /**
   * Expensive work (a PDF, an archive, an export): the handler runs in a slot of the heavy-work
   * limiter, bounded per user and per process (docs/services.md, « Travaux coûteux »).
   */
  heavy?: HeavyKind;
}

/** A compiled route: the definition plus its matcher. */
export interface CompiledRoute extends RouteDef {
  methods: HttpMethod[];
  params: string[];
  regex: RegExp;
}

/** Param requirement used when a route gives none: ids are digits, the rest any text without a slash. */
export function defaultRequirement(param: string): string {
  if (param === 'id' || param.endsWith('Id')) return '\\d+';
  return '[^/]+';
}

const PARAM = /\{(\w+)\}/g;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles a path pattern; trailing params that have defaults become optional with their separator. */
export function compileRoute(def: RouteDef): CompiledRoute {
  const params: string[] = [];
  const tokens: Array<{ sep: string; param?: string }> = [];
  let last = 0;
  for (const m of def.path.matchAll(PARAM)) {
    tokens.push({ sep: def.path.slice(last, m.index) });
    tokens.push({ sep: '', param: m[1] });
    params.push(m[1]);
    last = (m.index ?? 0) + m[0].length;
  }
  const tail = def.path.slice(last);
  if (new Set(params).size !== params.length) throw new Error(`Route ${def.name}: duplicate param in ${def.path}`);

  // Walk from the end: a param with a default, preceded by a static separator, is optional.
  let source = escapeRegex(tail);
  let optionalOpen = tail === '';
  for (let i = tokens.length - 1; i >= 0; i--) {
    const tok = tokens[i];
    if (tok.param) {
      const req = def.requirements?.[tok.param] ?? defaultRequirement(tok.param);
      const group = `(?<${tok.param}>${req})`;
      const sepTok = tokens[i - 1];
      const canOmit = optionalOpen && def.defaults && tok.param in def.defaults && sepTok && !sepTok.param && sepTok.sep !== '';
      if (canOmit) {
        // Like Symfony, only the one separator character before the param becomes optional.
        const sepChar = sepTok.sep.slice(-1);
        source = `(?:${escapeRegex(sepChar)}${group}${source})?`;
        sepTok.sep = sepTok.sep.slice(0, -1);
        if (sepTok.sep === '') i--;
        else optionalOpen = false;
      } else {
        source = group + source;
        optionalOpen = false;
      }
    } else {
      source = escapeRegex(tok.sep) + source;
      if (tok.sep !== '') optionalOpen = false;
    }
  }
  const methods = Array.isArray(def.method) ? def.method : [def.method];
  return { ...def, methods, params, regex: new RegExp(`^${source}/?$`) };
}

/** The table of every named route; `path()` is the only way to build a URL. */
export class RouteTable {
  private readonly byName = new Map<string, CompiledRoute>();

  /** Adds routes (a heavy route's handler wrapped by its limiter); a duplicate name throws (at boot). */
  add(defs: RouteDef[]): void {
    for (const def of defs) {
      if (this.byName.has(def.name)) throw new Error(`Nom de route en double : ${def.name}`);
      const handler = def.heavy ? heavyHandler(def.heavy, def.handler) : def.handler;
      this.byName.set(def.name, compileRoute({ ...def, handler }));
    }
  }

  /** Every compiled route, in declaration order. */
  all(): CompiledRoute[] {
    return [...this.byName.values()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  get(name: string): CompiledRoute {
    const route = this.byName.get(name);
    if (!route) throw new Error(`Route inconnue : ${name}`);
    return route;
  }

  /** Finds the route answering a method and a path, with its params. */
  match(method: string, pathname: string): { route: CompiledRoute; params: Record<string, string> } | { allowed: HttpMethod[] } | null {
    const allowed: HttpMethod[] = [];
    const m = method === 'HEAD' ? 'GET' : method;
    for (const route of this.byName.values()) {
      const found = route.regex.exec(pathname);
      if (!found) continue;
      if (!route.methods.includes(m as HttpMethod)) { allowed.push(...route.methods); continue; }
      const params: Record<string, string> = {};
      for (const p of route.params) {
        const v = found.groups?.[p];
        params[p] = v === undefined ? (route.defaults?.[p] ?? '') : decodeURIComponent(v);
      }
      return { route, params };
    }
    return allowed.length ? { allowed } : null;
  }

  /**
   * Builds the URL of a named route. Unknown names and params that break a requirement throw;
   * params the path does not use become the query string.
   */
  path(name: string, params: Record<string, string | number | boolean | undefined | null> = {}): string {
    const route = this.get(name);
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) {
      if (!route.params.includes(k) && v !== undefined && v !== null) query.append(k, String(v));
    }
    let url = route.path;
    // Trailing params equal to their default are dropped with their separator, like Symfony.
    for (let i = route.params.length - 1; i >= 0; i--) {
      const p = route.params[i];
      const value = params[p];
      const def = route.defaults?.[p];
      if (def !== undefined && (value === undefined || String(value) === def) && url.endsWith(`{${p}}`)) {
        url = url.replace(new RegExp(`[^{}\\w]?\\{${p}\\}$`), '');
        continue;
      }
      break;
    }
    for (const p of route.params) {
      if (!url.includes(`{${p}}`)) continue;
      let value = params[p];
      if (value === undefined || value === null) value = route.defaults?.[p];
      if (value === undefined || value === null) throw new Error(`Route ${name} : paramètre manquant « ${p} »`);
      const req = route.requirements?.[p] ?? defaultRequirement(p);
      if (!requirementPattern(req).test(String(value))) {
        throw new Error(`Route ${name} : le paramètre « ${p} » (${value}) ne respecte pas ${req}`);
      }
      url = url.replace(`{${p}}`, encodeURIComponent(String(value)));
    }
    const qs = query.toString();
    return qs ? `${url}?${qs}` : url;
  }

  /** The public table for `/js/routing.json` and `npm run routes`. */
  publicTable(): Array<{ name: string; methods: HttpMethod[]; path: string; right: string; requirements: Record<string, string>; defaults: Record<string, string> }> {
    return this.all().map((r) => ({
      name: r.name,
      methods: r.methods,
      path: r.path,
      right: r.right,
      requirements: Object.fromEntries(r.params.map((p) => [p, r.requirements?.[p] ?? defaultRequirement(p)])),
      defaults: r.defaults ?? {},
    }));
  }
}

const patterns = new Map<string, RegExp>();

/** The anchored pattern of a requirement, compiled once (`path()` runs for every link of every row). */
function requirementPattern(requirement: string): RegExp {
  let re = patterns.get(requirement);
  if (!re) {
    re = new RegExp(`^(?:${requirement})$`);
    patterns.set(requirement, re);
  }
  return re;
}
