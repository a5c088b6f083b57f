import { workChecks } from '../work-order';

/**
 * The rules a permit passes before its validation, the before-work step (« accord / contrôle
 * avant travaux »), filled by other modules' `contributes` (docs/permit.md).
 */
export const permitChecks = workChecks('permit:checks');
