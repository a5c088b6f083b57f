import type { DataSource } from 'typeorm';
import { clock, todayIso } from '../../../kernel/clock';
import { rowsOf } from '../../../kernel/db/sql';
import { absoluteUrl } from '../../../kernel/http/urls';
import { formatDate } from '../../../kernel/i18n/format';
import { translator } from '../../../kernel/i18n/i18n';
import { defineJobHandler, enqueueOnce } from '../../../kernel/jobs';
import { mailRecipientSql } from '../../prevention-plan';
import { historyMailer } from './history-mail';

/** The daily job that reminds a document's writers that its last signed version is a year old. */
export const HISTORY_REMINDER_JOB = 'du.history_reminder';
/** The document is updated at least once a year (Code du travail R4121-2): 12 months after the last signature. */
export const REMINDER_AFTER_MONTHS = 12;
/** Besides the writers, the holders of this right are told. */
export const REMINDER_RIGHT = 'unique_document.edit';

/** An entity whose last signed version is due for its yearly update. */
export interface DueDocument { tenantId: number; entityId: number; entityName: string; versionId: number; number: number; signedAt: Date }

/**
 * Entities whose last signed version was signed {@link REMINDER_AFTER_MONTHS} months ago or more
 * (Paris days: signed on 15/03/2026, due from 15/03/2027), not reminded yet for that version, in
 * companies where the module is on. A version signed later stops the reminders of the earlier.
 */
export async function dueDocuments(db: DataSource, opts: { tenantIds?: number[] } = {}): Promise<DueDocument[]> {
  const rows = await db.query(
    `SELECT v.id, v.tenant_id, v.hierarchy_item_id, v.number, v.signed_at, i.name AS entity_name
       FROM (SELECT DISTINCT ON (tenant_id, hierarchy_item_id) * FROM du_history_version WHERE signed_at IS NOT NULL
              ORDER BY tenant_id, hierarchy_item_id, number DESC) v
       JOIN hierarchy_item i ON i.id = v.hierarchy_item_id AND i.deleted_at IS NULL
      WHERE ((v.signed_at AT TIME ZONE 'Europe/Paris')::date + make_interval(months => $2))::date <= $1::date
        AND NOT EXISTS (SELECT 1 FROM du_history_reminder r WHERE r.version_id = v.id)
        AND coalesce((SELECT ft.enabled FROM feature_toggle ft WHERE ft.tenant_id = v.tenant_id AND ft.code = 'module_unique_document'), true)
        AND ($3::int[] IS NULL OR v.tenant_id = ANY($3::int[]))
      ORDER BY v.tenant_id, v.hierarchy_item_id`, [todayIso(), REMINDER_AFTER_MONTHS, opts.tenantIds ?? null]);
  return rows.map((r: Record<string, any>) => ({
    tenantId: Number(r.tenant_id), entityId: Number(r.hierarchy_item_id), entityName: r.entity_name, versionId: Number(r.id), number: Number(r.number), signedAt: new Date(r.signed_at),
  }));
}

/**
 * Mails, for each due document, its writers (the supervisors of its current lines, the signer of
 * the version) and the holders of `unique_document.edit` in the company, each in his language,
 * then records the reminder so each version is reminded once. Returns how many mails left.
 */
export async function sendHistoryReminders(db: DataSource, opts: { tenantIds?: number[] } = {}): Promise<number> {
  let sent = 0;
  for (const d of await dueDocuments(db, opts)) {
    const recipients = rowsOf<{ email: string; locale: string | null }>(await db.query(
      `SELECT u.email, u.locale FROM app_user u
        WHERE u.enabled AND coalesce(u.email, '') <> '' AND (
          u.id IN (SELECT e.supervisor_id FROM risk_evaluation e WHERE e.tenant_id = $1 AND e.hierarchy_item_id = $3 AND e.deleted_at IS NULL AND NOT e.archived)
          OR u.id = (SELECT signed_by_id FROM du_history_version WHERE id = $4)
          OR (${mailRecipientSql('u', '$1', '$2')}))
        ORDER BY u.id`, [d.tenantId, REMINDER_RIGHT, d.entityId, d.versionId]));
    const link = absoluteUrl('unique_document_index', { item: d.entityId });
    for (const r of recipients) {
      const t = translator(r.locale ?? 'fr');
      const params = { entity: d.entityName, number: d.number, date: formatDate(d.signedAt) };
      const text = [t('du-history.reminder.body', params), '', t('du-history.reminder.open'), link].join('\n');
      const esc = (s: string) => s.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);
      const html = `<p>${esc(t('du-history.reminder.body', params))}</p><p><a href="${esc(link)}">${esc(t('du-history.reminder.open'))}</a></p>`;
      await historyMailer().send({ to: r.email, subject: t('du-history.reminder.subject', params), text, html });
      sent += 1;
    }
    await db.query('INSERT INTO du_history_reminder (tenant_id, version_id, sent_at) VALUES ($1, $2, $3) ON CONFLICT (version_id) DO NOTHING', [d.tenantId, d.versionId, clock.now()]);
  }
  return sent;
}

/** Tomorrow at 06:30 (server time): when the daily job runs next. */
export function nextReminderRun(now: Date = clock.now()): Date {
  const next = new Date(now);
  next.setDate(next.getDate() + 1);
  next.setHours(6, 30, 0, 0);
  return next;
}

/** Handler of {@link HISTORY_REMINDER_JOB}; a payload may restrict a run to some companies (tests side by side). */
export const historyReminderHandler = defineJobHandler<{ tenantIds?: number[] }>(HISTORY_REMINDER_JOB, async (payload, ctx) => {
  await sendHistoryReminders(ctx.dataSource, { tenantIds: payload.tenantIds });
  if (!payload.tenantIds) await enqueueOnce(ctx.dataSource.manager, HISTORY_REMINDER_JOB, {}, { runAt: nextReminderRun(ctx.now) });
});

/** Queues the daily job once (start-up); each run queues the next one. */
export async function scheduleHistoryReminders(db: DataSource): Promise<void> {
  await enqueueOnce(db.manager, HISTORY_REMINDER_JOB, {}, { runAt: nextReminderRun(clock.now()) });
}
