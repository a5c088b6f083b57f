import type { Request } from 'express';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuditEvent } from './audit-entry.entity';
import { clock } from '../clock';

/** Writes one audit row (inside the caller's transaction when given its manager). */
export async function recordAudit(
  db: DataSource | EntityManager,
  entry: { event: AuditEvent; req?: Request; userId?: number | null; tenantId?: number | null; detail?: Record<string, unknown> },
): Promise<void> {
  const user = entry.req?.authUser;
  let tenantId = entry.tenantId ?? user?.tenantId ?? null;
  let userId = entry.userId ?? user?.id ?? null;
  const typed = entry.detail?.username;
  if (tenantId === null && typeof typed === 'string' && typed) {
    // A failed login names an account: file it under that account's company so its admins see it.
    const [known] = await db.query('SELECT id, tenant_id FROM app_user WHERE lower(username) = lower($1) OR lower(email) = lower($1) LIMIT 1', [typed]);
    if (known) { tenantId = known.tenant_id; userId = userId ?? known.id; }
  }
  await db.query(
    'INSERT INTO audit_entry (tenant_id, user_id, event, ip, detail, created_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [tenantId, userId, entry.event, entry.req?.ip ?? null, JSON.stringify(entry.detail ?? {}), clock.now()],
  );
}
