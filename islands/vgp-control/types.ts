/** A proposed answer of a checkpoint (server: control-form.service.ts). */
export interface Answer { id: number; label: string; conforming: boolean | null; color: string | null; createsAction: boolean; level: number | null; actionDelayDays: number | null }

/** A checkpoint and its answers. */
export interface Checkpoint { id: number; label: string; answers: Answer[] }

/** A group of the control form, with the URL validating it. */
export interface Group { id: number; name: string; checkpoints: Checkpoint[]; validateUrl: string }

/** A saved signature. */
export interface SignatureView { signerName: string; signedAt: string; image: string }

/** The island's props (server: control-props.ts). */
export interface ControlProps {
  control: {
    id: number; step: number; controlDate: string; controllerId: number | null; supervisorId: number | null; comment: string; version: number;
    controllableName: string; equipmentName: string | null;
  };
  people: Array<{ id: number; name: string }>;
  groups: Group[];
  results: Array<{ questionId: number; answerId: number | null; comment: string }>;
  signatures: { controller: SignatureView | null; owner: SignatureView | null };
  files: { externalReport: { name: string; url: string } | null; other: { name: string; url: string } | null };
  compact: boolean;
  urls: Record<'general' | 'step' | 'checkpoint' | 'actions' | 'validate' | 'signController' | 'signOwner' | 'externalReport' | 'otherFile' | 'show', string>;
}

/** One checkpoint's answer in the form (`answerId` '' while unanswered). */
export interface AnswerValue { answerId: string; comment: string }

/** The values react-hook-form holds. */
export interface FormValues {
  general: { controlDate: string; controllerId: string; supervisorId: string; comment: string };
  answers: Record<string, AnswerValue>;
}

/** One item of `vgp_load_actions`. */
export interface ActionItem {
  resultId: number; comment: string; complement: string; deadline: string; attachementUrl1: string | null; attachementUrl2: string | null;
  actionId: number | null; actionUrl: string | null; group: string; checkpoint: string; answer: string; color: string | null;
}
