import { PLAN_HEIGHT, toImagePoint, zoneShape, type Zone } from './zone-shapes';

/** Colours of the map: the owner's zones, and its neighbours'. */
export const OWN_COLOUR = '#0d6efd';
export const COACTIVITY_COLOUR = '#fd7e14';

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`plan image ${url}`));
    img.src = url;
  });
}

function drawZone(ctx: CanvasRenderingContext2D, zone: Zone, colour: string): void {
  const shape = zoneShape(zone);
  if (!shape) return;
  ctx.strokeStyle = colour;
  ctx.fillStyle = `${colour}55`;
  ctx.lineWidth = 3;
  ctx.beginPath();
  if (shape.kind === 'polygon') {
    shape.points.forEach((p, i) => { const { x, y } = toImagePoint(p); if (i) ctx.lineTo(x, y); else ctx.moveTo(x, y); });
    ctx.closePath();
  } else {
    const at = toImagePoint(shape.kind === 'marker' ? shape.at : shape.center);
    const radius = shape.kind === 'circle' ? shape.radius : 8;
    ctx.arc(at.x, at.y, radius, 0, Math.PI * 2);
  }
  ctx.fill();
  ctx.stroke();
}

/**
 * The map as a PNG: the plan image stretched on `width` x 400 (as the map shows it), the owner's
 * zones in blue and the neighbours' in orange. The plan image is served by the application
 * (same origin): the canvas stays readable.
 */
export async function renderSnapshot(planUrl: string, width: number, own: Zone[], others: Zone[]): Promise<Blob> {
  const img = await loadImage(planUrl);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width));
  canvas.height = PLAN_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d');
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  for (const z of others) drawZone(ctx, z, COACTIVITY_COLOUR);
  for (const z of own) drawZone(ctx, z, OWN_COLOUR);
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas toBlob'))), 'image/png'));
}
