import zlib from 'node:zlib';
import type { DataSource } from 'typeorm';
import { rowsOf } from '../../../kernel/db/sql';
import { demoPlanIds } from '../core/prevention-plan.demo';
import { requiredCompanies } from '../core/plan-signers.service';

const WIDTH = 240;
const HEIGHT = 80;

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) { c ^= b; for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1)); }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4); crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A handwritten-looking stroke (a damped wave, different per `seed`) as a transparent PNG data
 * URL, like the signature pad's: the demo's signatures then show real images.
 */
export function demoSignatureImage(seed: number): string {
  const raw = Buffer.alloc((WIDTH * 4 + 1) * HEIGHT);
  const ink = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x) + dx; const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= WIDTH || py >= HEIGHT) continue;
        const at = py * (WIDTH * 4 + 1) + 1 + px * 4;
        raw[at] = 0x1b; raw[at + 1] = 0x2a; raw[at + 2] = 0x4a; raw[at + 3] = 255;
      }
    }
  };
  const freq = 0.08 + (seed % 5) * 0.015;
  for (let x = 12; x < WIDTH - 12; x += 0.25) {
    const amp = 26 * Math.exp(-x / (120 + (seed % 3) * 40));
    ink(x, HEIGHT / 2 + amp * Math.sin(x * freq + seed) + 6 * Math.sin(x * 0.021 * (1 + (seed % 4))));
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(WIDTH, 0); ihdr.writeUInt32BE(HEIGHT, 4); ihdr[8] = 8; ihdr[9] = 6;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** Which demo plans carry which signatures: the companies once past their signing, the internal signer once in operation. */
const SIGNED: Record<string, { companies: boolean; internal: boolean }> = {
  'PDP-DEMO-0005': { companies: true, internal: false },
  'PDP-DEMO-0006': { companies: true, internal: true },
  'PDP-DEMO-0007': { companies: true, internal: true },
  'PDP-DEMO-0008': { companies: true, internal: true },
};

/**
 * Signatures of the demo plans that are past the companies' signing (waiting for internal
 * validation, in operation, expired), signed a few days before their start. Plans that already
 * have signatures are left alone, so it can run twice.
 */
export async function seedPlanSignaturesDemo(db: DataSource, tenantId: number): Promise<void> {
  const ids = await demoPlanIds(db, tenantId);
  let seed = 1;
  for (const [number, what] of Object.entries(SIGNED)) {
    const planId = ids[number];
    if (!planId) continue;
    const [plan] = rowsOf<{ startDate: Date | null; customerId: number | null; customer: string | null; has: boolean }>(await db.query(
      `SELECT p.start_date AS "startDate", p.ordering_customer_id AS "customerId", TRIM(CONCAT_WS(' ', u.first_name, u.last_name)) AS customer,
              EXISTS (SELECT 1 FROM plan_signature s WHERE s.plan_id = p.id) AS has
         FROM prevention_plan p LEFT JOIN app_user u ON u.id = p.ordering_customer_id WHERE p.id = $1 AND p.tenant_id = $2`, [planId, tenantId]));
    if (!plan || plan.has) continue;
    const day = new Date(plan.startDate ?? Date.now());
    const at = (daysBefore: number, hour: number) => new Date(day.getFullYear(), day.getMonth(), day.getDate() - daysBefore, hour, 15 * (seed % 4));
    await db.transaction(async (m) => {
      if (what.companies) {
        for (const c of await requiredCompanies(m, tenantId, planId)) {
          await m.query(
            `INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, plan_company_id, signer_name, image, has_watermark, channel, round, signed_at)
             VALUES ($1, $2, 'company', $3, $4, $5, $6, true, 'link', 0, $7)`,
            [tenantId, planId, `company:${c.id}`, c.id, c.contactName || c.name, demoSignatureImage(seed++), at(6, 10)]);
        }
      }
      if (what.internal && plan.customerId) {
        await m.query(
          `INSERT INTO plan_signature (tenant_id, plan_id, kind, signer_key, user_id, signer_name, image, has_watermark, channel, round, signed_at)
           VALUES ($1, $2, 'internal', 'internal:validate', $3, $4, $5, false, 'app', 0, $6)`,
          [tenantId, planId, plan.customerId, plan.customer || 'Donneur d\'ordre', demoSignatureImage(seed++), at(3, 16)]);
      }
    });
  }
}
