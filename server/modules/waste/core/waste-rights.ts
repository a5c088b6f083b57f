/** Reading right of every waste page (seed 002 « environment »). */
export const ENV_VIEW = 'environment.view';
/** Writing right of every waste record. */
export const ENV_MANAGE = 'environment.manage';
