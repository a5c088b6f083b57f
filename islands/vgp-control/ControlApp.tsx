import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ANCHOR_DURATION, ANCHOR_OFFSET, animateScrollTo } from '../core/anchor-scroll';
import { t } from '../core/i18n';
import { postJson } from './api';
import { answerKey, firstGroupOf, groupDefaults, isFrenchDate, unanswered } from './model';
import { StepForm } from './StepForm';
import { StepConfirm, StepGeneral, StepRecap } from './Steps';
import type { ActionItem, ControlProps, FormValues, Group } from './types';

const STEPS = ['general', 'form', 'recap', 'confirm'] as const;

function initialValues(p: ControlProps): FormValues {
  const answers: FormValues['answers'] = {};
  for (const c of p.groups.flatMap((g) => g.checkpoints)) answers[answerKey(c.id)] = { answerId: '', comment: '' };
  for (const r of p.results) answers[answerKey(r.questionId)] = { answerId: r.answerId == null ? '' : String(r.answerId), comment: r.comment };
  return {
    general: { controlDate: p.control.controlDate, controllerId: p.control.controllerId ? String(p.control.controllerId) : '', supervisorId: p.control.supervisorId ? String(p.control.supervisorId) : '', comment: p.control.comment },
    answers,
  };
}

/**
 * The four-step control (seed 001, issue 24 item 4): general information → control form → recap →
 * confirmation. Checkpoints are saved one at a time when the controller moves on from them
 * (`vgp_save_checkpoint`); « Terminer » with an unanswered one marks its radios invalid, says
 * 'Une réponse est nécessaire', opens the first unanswered group and scrolls to it (60 px, 500 ms).
 */
export function ControlApp(props: ControlProps) {
  const form = useForm<FormValues>({ defaultValues: initialValues(props) });
  const [step, setStep] = useState(Math.min(Math.max(props.control.step, 1), 4));
  const [version, setVersion] = useState(props.control.version);
  const [openGroup, setOpenGroup] = useState<number | null>(props.groups[0]?.id ?? null);
  const [invalid, setInvalid] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [actions, setActions] = useState<ActionItem[] | null>(null);
  const [scrollTo, setScrollTo] = useState<number | null>(null);
  const dirty = useRef(new Set<number>());
  const saved = useRef<FormValues>(initialValues(props));

  const answers = useWatch({ control: form.control, name: 'answers' });
  const checkpointCount = props.groups.reduce((n, g) => n + g.checkpoints.length, 0);
  const answeredCount = checkpointCount - unanswered(props.groups, answers).length;

  useEffect(() => {
    if (scrollTo == null) return;
    const el = document.getElementById(`vgp-group-${scrollTo}`);
    if (el) animateScrollTo(el.getBoundingClientRect().top + window.scrollY - ANCHOR_OFFSET, ANCHOR_DURATION);
    setScrollTo(null);
  }, [scrollTo]);

  useEffect(() => {
    if (step !== 4) return;
    setActions(null);
    void postJson<ActionItem[]>(props.urls.actions).then((r) => {
      if (r.ok && Array.isArray(r.body)) setActions(r.body);
      else { setActions([]); setError(r.body.message || t('vgp_control.errors.save')); }
    }).catch(() => { setActions([]); setError(t('vgp_control.errors.save')); });
  }, [step, props.urls.actions]);

  /** Saves one checkpoint if it changed since its last save. */
  async function saveCheckpoint(questionId: number): Promise<boolean> {
    if (!dirty.current.has(questionId)) return true;
    const value = form.getValues(`answers.${answerKey(questionId)}`);
    dirty.current.delete(questionId);
    const r = await postJson(props.urls.checkpoint, { questionId, answerId: value.answerId || null, comment: value.comment || null });
    if (!r.ok) { dirty.current.add(questionId); setError(r.body.message || t('vgp_control.errors.save')); return false; }
    saved.current.answers[answerKey(questionId)] = { ...value };
    return true;
  }

  async function flush(): Promise<boolean> {
    let ok = true;
    // A copy: saving a checkpoint takes it out of the set being walked.
    for (const id of Array.from(dirty.current)) ok = (await saveCheckpoint(id)) && ok;
    return ok;
  }

  function onTouched(questionId: number) {
    dirty.current.add(questionId);
    setError(null);
    if (invalid.has(questionId)) setInvalid((s) => { const n = new Set(s); n.delete(questionId); return n; });
  }

  async function go(next: number) {
    setError(null);
    setBusy(true);
    try {
      if (!(await flush())) return;
      await postJson(props.urls.step, { step: next });
      setStep(next);
      window.scrollTo({ top: 0, behavior: 'instant' });
    } finally { setBusy(false); }
  }

  async function saveGeneral(): Promise<boolean> {
    const g = form.getValues('general');
    if (!isFrenchDate(g.controlDate)) { setDateError(t('vgp_control.errors.date')); return false; }
    setDateError(null);
    const r = await postJson<{ version: number; errors?: Record<string, string> }>(props.urls.general, {
      controlDate: g.controlDate, controllerId: g.controllerId, supervisorId: g.supervisorId, comment: g.comment, version,
    });
    if (!r.ok) { setError(r.body.message || t('vgp_control.errors.save')); if (r.body.errors?.controlDate) setDateError(r.body.errors.controlDate); return false; }
    setVersion(r.body.version);
    saved.current.general = { ...g };
    return true;
  }

  /** « Terminer » of the form: every checkpoint needs an answer, else the first unanswered group opens. */
  function requireAnswers(): boolean {
    const missing = unanswered(props.groups, form.getValues('answers'));
    if (!missing.length) { setInvalid(new Set()); return true; }
    setInvalid(new Set(missing));
    const group = firstGroupOf(props.groups, missing);
    if (group) { setOpenGroup(group.id); setScrollTo(group.id); }
    return false;
  }

  async function validateGroup(group: Group) {
    setBusy(true);
    setError(null);
    try {
      if (!(await flush())) return;
      const defaults = groupDefaults(group, form.getValues('answers'));
      const r = await postJson(group.validateUrl);
      if (!r.ok) { setError(r.body.message || t('vgp_control.errors.save')); return; }
      for (const [key, value] of Object.entries(defaults)) {
        form.setValue(`answers.${key}`, value);
        saved.current.answers[key] = { ...value };
      }
      setInvalid((s) => { const n = new Set(s); for (const c of group.checkpoints) n.delete(c.id); return n; });
    } finally { setBusy(false); }
  }

  async function next() {
    if (step === 1) {
      setBusy(true);
      try { if (!(await saveGeneral())) return; } finally { setBusy(false); }
      await go(2);
    } else if (step === 2) {
      if (!requireAnswers()) return;
      await go(3);
    } else if (step === 3) await go(4);
  }

  async function finish() {
    setBusy(true);
    setError(null);
    try {
      if (!(await flush())) return;
      const r = await postJson<{ redirect?: string; unanswered?: number[] }>(props.urls.validate);
      if (r.ok) { window.location.assign(r.body.redirect || props.urls.show); return; }
      if (r.body.unanswered?.length) {
        setStep(2);
        requireAnswers();
      }
      setError(r.body.message || t('vgp_control.errors.save'));
    } finally { setBusy(false); }
  }

  function reset() {
    setError(null);
    setDateError(null);
    setInvalid(new Set());
    dirty.current.clear();
    form.reset(structuredClone(saved.current));
  }

  return (
    <form noValidate onSubmit={(e) => e.preventDefault()} data-testid="control-form" data-step={step}>
      <ol className="nav nav-pills nav-fill mb-3 flex-column flex-md-row gap-1" aria-label={t('vgp_control.steps.label')}>
        {STEPS.map((s, i) => (
          <li className="nav-item" key={s}>
            <span className={`nav-link${step === i + 1 ? ' active' : ' text-body'}`} aria-current={step === i + 1 ? 'step' : undefined} data-testid={`step-tab-${i + 1}`}>
              <span className="badge rounded-pill text-bg-light border me-1">{i + 1}</span>{t(`vgp_control.steps.${s}`)}
            </span>
          </li>
        ))}
      </ol>
      <div className="card shadow-sm mb-3">
        <div className="card-body">
          <p className="text-muted small mb-3">
            <i className="bi bi-clipboard-check me-1" aria-hidden="true" />{props.control.controllableName}
            {props.control.equipmentName ? ` — ${props.control.equipmentName}` : ''}
            {step === 2 && <span className="ms-2 badge text-bg-light border" data-testid="progress">{t('vgp_control.progress', { answered: answeredCount, total: checkpointCount })}</span>}
          </p>
          {error && <div className="alert alert-danger" role="alert" data-testid="control-error">{error}</div>}
          {step === 1 && <StepGeneral form={form} people={props.people} dateError={dateError} />}
          {step === 2 && (
            <StepForm form={form} groups={props.groups} compact={props.compact} openGroup={openGroup} setOpenGroup={setOpenGroup} invalid={invalid}
              onTouched={onTouched} onLeave={(id) => { void saveCheckpoint(id); }} onValidateGroup={(g) => { void validateGroup(g); }} busy={busy} />
          )}
          {step === 3 && <StepRecap groups={props.groups} values={answers} />}
          {step === 4 && <StepConfirm props={props} actions={actions} />}
        </div>
      </div>
      <div className="d-flex flex-wrap gap-2 justify-content-between">
        <div className="d-flex gap-2">
          {step > 1 && <button type="button" className="btn btn-outline-secondary" disabled={busy} onClick={() => { void go(step - 1); }} data-testid="step-previous"><i className="bi bi-arrow-left me-1" aria-hidden="true" />{t('vgp_control.buttons.previous')}</button>}
          {step <= 2 && <button type="button" className="btn btn-outline-danger" disabled={busy} onClick={reset} data-testid="step-reset"><i className="bi bi-arrow-counterclockwise me-1" aria-hidden="true" />{t('vgp_control.buttons.reset')}</button>}
        </div>
        <div className="d-flex gap-2">
          {(step === 1 || step === 3) && <button type="button" className="btn btn-primary" disabled={busy} onClick={() => { void next(); }} data-testid="step-next">{t('vgp_control.buttons.next')}<i className="bi bi-arrow-right ms-1" aria-hidden="true" /></button>}
          {step === 2 && <button type="button" className="btn btn-primary" disabled={busy} onClick={() => { void next(); }} data-testid="step-finish-form">{t('vgp_control.buttons.finish')}<i className="bi bi-arrow-right ms-1" aria-hidden="true" /></button>}
          {step === 4 && <button type="button" className="btn btn-success" disabled={busy} onClick={() => { void finish(); }} data-testid="control-validate"><i className="bi bi-check2-circle me-1" aria-hidden="true" />{t('vgp_control.buttons.finish')}</button>}
        </div>
      </div>
    </form>
  );
}
