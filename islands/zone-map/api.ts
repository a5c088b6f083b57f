import { ajaxHeaders, postXhr, readJson } from '../core/http';
import type { Localisation, Zone } from './zone-shapes';

/** GET the localise JSON of a sector; throws on failure (the caller logs it and says so). */
export async function fetchLocalisation(url: string, signal?: AbortSignal): Promise<Localisation> {
  const response = await fetch(url, { headers: ajaxHeaders({ Accept: 'application/json' }), credentials: 'same-origin', signal });
  const body = await readJson<Localisation>(response);
  if (!response.ok || !body) throw new Error(`localise ${response.status}`);
  return body;
}

/**
 * POST JSON to a zone route; resolves the answer, or null after logging the failure (spec 001 §8:
 * leaflet zone add, edit and delete failures are logged as errors, the user sees nothing).
 */
export async function postZone<T = Zone>(url: string, body: unknown, what: string): Promise<T | null> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: ajaxHeaders({ Accept: 'application/json', 'Content-Type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
    });
    const answer = await readJson<T>(response);
    if (!response.ok || !answer) {
      console.error(`[zone-map] ${what}: HTTP ${response.status}`, answer);
      return null;
    }
    return answer;
  } catch (error) {
    console.error(`[zone-map] ${what}`, error);
    return null;
  }
}

/** POST the map image (multipart `image`); failures are logged. */
export async function postSnapshot(url: string, image: Blob): Promise<boolean> {
  try {
    const form = new FormData();
    form.append('image', image, 'carte.png');
    const response = await postXhr(url, form);
    if (!response.ok) console.error(`[zone-map] image de la carte : HTTP ${response.status}`, await readJson(response));
    return response.ok;
  } catch (error) {
    console.error('[zone-map] image de la carte', error);
    return false;
  }
}
