import type { UseFormReturn } from 'react-hook-form';
import { t } from '../core/i18n';
import { answerKey, needsComment, textOn } from './model';
import type { Checkpoint, FormValues, Group } from './types';

interface StepFormProps {
  form: UseFormReturn<FormValues>;
  groups: Group[];
  compact: boolean;
  openGroup: number | null;
  setOpenGroup: (id: number | null) => void;
  /** Checkpoints to mark invalid (after « Terminer » with unanswered ones). */
  invalid: Set<number>;
  onTouched: (questionId: number) => void;
  onLeave: (questionId: number) => void;
  onValidateGroup: (group: Group) => void;
  busy: boolean;
}

/** One checkpoint: its answers as radios in their colours, the comment a non-conforming answer asks for. */
function CheckpointField({ c, form, compact, invalid, onTouched, onLeave }: { c: Checkpoint } & Pick<StepFormProps, 'form' | 'compact' | 'onTouched' | 'onLeave'> & { invalid: boolean }) {
  const key = answerKey(c.id);
  const value = form.watch(`answers.${key}`);
  const showComment = needsComment(c, value);
  const name = `answers.${key}.answerId` as const;
  const errorId = `vgp-cp-${c.id}-error`;
  return (
    <fieldset
      className={`border rounded bg-white ${compact ? 'p-2 mb-2 small' : 'p-3 mb-3'}`}
      data-testid="checkpoint" data-checkpoint={c.id}
      onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) onLeave(c.id); }}
    >
      <legend className={`float-none w-auto px-1 mb-1 ${compact ? 'fs-6' : 'fs-6 fw-semibold'}`}>{c.label}</legend>
      <div className="d-flex flex-wrap gap-2" role="radiogroup" aria-describedby={invalid ? errorId : undefined}>
        {c.answers.map((a) => {
          const id = `vgp-cp-${c.id}-${a.id}`;
          const checked = value?.answerId === String(a.id);
          const colour = a.color ?? '#6c757d';
          return (
            <div className="form-check form-check-inline me-0" key={a.id}>
              <input
                className={`form-check-input${invalid ? ' is-invalid' : ''}`} type="radio" id={id} value={String(a.id)}
                style={{ borderColor: colour, backgroundColor: checked ? colour : undefined }}
                data-conforming={a.conforming === null ? '' : String(a.conforming)}
                {...form.register(name, { onChange: () => onTouched(c.id) })}
              />
              <label className="form-check-label" htmlFor={id}>
                <span className="badge rounded-pill" style={{ backgroundColor: colour, color: textOn(colour) }}>{a.label}</span>
              </label>
            </div>
          );
        })}
      </div>
      {invalid && <div className="invalid-feedback text-danger d-block" id={errorId} data-testid="answer-required">{t('vgp_control.answer_required')}</div>}
      {showComment && (
        <div className="mt-2">
          <label className="form-label small mb-1" htmlFor={`vgp-cp-${c.id}-comment`}>{t('vgp_control.fields.checkpointComment')}</label>
          <textarea className="form-control form-control-sm" id={`vgp-cp-${c.id}-comment`} rows={2} data-testid="checkpoint-comment"
            {...form.register(`answers.${key}.comment`, { onChange: () => onTouched(c.id) })} />
        </div>
      )}
    </fieldset>
  );
}

/** Step 2: the control form's groups as an accordion, each with « Valider le groupe ». */
export function StepForm(p: StepFormProps) {
  if (!p.groups.length) return <p className="text-muted" data-testid="form-empty">{t('vgp_control.recap.empty')}</p>;
  const answers = p.form.watch('answers');
  return (
    <div className="accordion" data-testid="control-groups">
      {p.groups.map((g) => {
        const open = p.openGroup === g.id;
        const done = g.checkpoints.filter((c) => answers[answerKey(c.id)]?.answerId).length;
        return (
          <div className="accordion-item" key={g.id} id={`vgp-group-${g.id}`} data-testid="control-group" data-group={g.id}>
            <h2 className="accordion-header">
              <button type="button" className={`accordion-button${open ? '' : ' collapsed'}`} aria-expanded={open} aria-controls={`vgp-group-body-${g.id}`}
                onClick={() => p.setOpenGroup(open ? null : g.id)}>
                <span className="me-2">{g.name}</span>
                <span className={`badge ${done === g.checkpoints.length ? 'text-bg-success' : 'text-bg-secondary'}`}>{t('vgp_control.group.count', { done, total: g.checkpoints.length })}</span>
              </button>
            </h2>
            <div id={`vgp-group-body-${g.id}`} className={`accordion-collapse collapse${open ? ' show' : ''}`}>
              <div className="accordion-body">
                <div className={p.compact ? 'row row-cols-1 row-cols-md-2 g-2' : ''} data-testid={p.compact ? 'compact-checkpoints' : undefined}>
                  {g.checkpoints.map((c) => (
                    <div className={p.compact ? 'col' : ''} key={c.id}>
                      <CheckpointField c={c} form={p.form} compact={p.compact} invalid={p.invalid.has(c.id)} onTouched={p.onTouched} onLeave={p.onLeave} />
                    </div>
                  ))}
                </div>
                <button type="button" className="btn btn-outline-success btn-sm" disabled={p.busy} onClick={() => p.onValidateGroup(g)} data-testid="validate-group">
                  <i className="bi bi-check2-all me-1" aria-hidden="true" />{t('vgp_control.buttons.validateGroup')}
                </button>
              </div>
            </div>
          </div>
        );
      })}
    </div>
  );
}
