import type { FrequencyUnit } from './deadline';

/**
 * Regulatory frequencies (beyond the spec) that fill a new control's frequency from the kind of
 * equipment. Lifting: arrêté du 1er mars 2004 (12 months; 6 for the machines its article 23 lists —
 * mobile cranes, truck-mounted lifts, MEWPs, forklifts with lifted operator …; 3 for manually powered
 * ones that lift people); lifting accessories 12 months; electrical installations yearly, or every
 * 2 years after a report without observation (arrêté du 26 décembre 2011). A preset only fills the
 * form: the frequency stays editable.
 */
export const PRESETS: Record<string, { frequency: number; unit: FrequencyUnit }> = {
  lifting: { frequency: 12, unit: 'month' },
  lifting_listed: { frequency: 6, unit: 'month' },
  lifting_manual: { frequency: 3, unit: 'month' },
  lifting_accessory: { frequency: 12, unit: 'month' },
  electrical: { frequency: 12, unit: 'month' },
  electrical_no_observation: { frequency: 24, unit: 'month' },
};

/** Preset codes in the order the select offers them. */
export const PRESET_CODES = Object.keys(PRESETS);
