import { alertDialog } from '../core/alerts';
import { errorMessage, getXhr } from '../core/http';
import { openModal } from '../core/modal-stack';

/**
 * Opens a calendar form (task or work accident) in a modal. A refusal is said to the user
 * (403 'Vous n'avez pas les autorisations nécessaires', 401 the server's message); other failures
 * are only logged, in French, like every failed load.
 */
export async function openCalendarForm(url: string, labels: { forbidden: string; failed: string }): Promise<void> {
  let response: Response;
  try {
    response = await getXhr(url);
  } catch (error) {
    console.error(`[calendrier] ${labels.failed}`, error);
    return;
  }
  if (response.ok) {
    openModal(await response.text());
    return;
  }
  if (response.status === 403 || response.status === 401) {
    await alertDialog(await errorMessage(response, labels.forbidden), 'danger');
    return;
  }
  console.error(`[calendrier] ${labels.failed} (HTTP ${response.status})`);
}
