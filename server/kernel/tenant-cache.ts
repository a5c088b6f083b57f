import type { Request } from 'express';

/** How many companies one instance keeps data for (least recently used dropped first). */
const MAX_TENANTS = 200;

interface Entry { version: string; values: Map<string, unknown> }

/**
 * What one app instance keeps in memory per company, valid for one version number of that
 * company (`tenant_cache_version`, bumped by triggers in the same transaction as the writes the
 * data comes from). The number is read with the session's user on every request, so a change
 * made through any instance shows on the next request of every instance.
 */
export class TenantCache {
  private readonly tenants = new Map<number, Entry>();

  /**
   * The value of `key` for the company at `version`, loaded once per version. The version is the
   * one read before `load` runs: a change committed meanwhile bumps it, so the next request
   * loads again (never the other way round).
   */
  async get<T>(tenantId: number, version: string, key: string, load: () => Promise<T>): Promise<T> {
    let entry = this.tenants.get(tenantId);
    if (entry && entry.version !== version) entry = undefined;
    if (entry?.values.has(key)) {
      this.tenants.delete(tenantId);
      this.tenants.set(tenantId, entry);
      return entry.values.get(key) as T;
    }
    const value = await load();
    const current = this.tenants.get(tenantId);
    // Another request may have stored a newer version meanwhile: keep that one.
    if (current && current.version !== version && BigInt(current.version) > BigInt(version)) return value;
    const target = current?.version === version ? current : { version, values: new Map<string, unknown>() };
    target.values.set(key, value);
    this.tenants.delete(tenantId);
    this.tenants.set(tenantId, target);
    if (this.tenants.size > MAX_TENANTS) this.tenants.delete(this.tenants.keys().next().value!);
    return value;
  }
}

/** Loads a value for a company through the instance's cache, or straight from the database. */
export type TenantCached = <T>(tenantId: number, key: string, load: () => Promise<T>) => Promise<T>;

/**
 * The cache of the request's instance, for the request's active company at the version read
 * with its user; any other company (or no user) loads straight from the database.
 */
export function tenantCached(req: Request): TenantCached {
  return (tenantId, key, load) => {
    const version = req.tenantVersion;
    if (!req.authUser || version == null || tenantId !== req.authUser.tenantId) return load();
    return req.ctx.tenantCache.get(tenantId, version, key, load);
  };
}
