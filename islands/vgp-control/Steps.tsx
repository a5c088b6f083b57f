import { useEffect, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { t } from '../core/i18n';
import { answerKey, chosenAnswer } from './model';
import type { ActionItem, ControlProps, FormValues, SignatureView } from './types';

/** Step 1: date, controller, supervisor and comment of the control. */
export function StepGeneral({ form, people, dateError }: { form: UseFormReturn<FormValues>; people: ControlProps['people']; dateError: string | null }) {
  const { register } = form;
  const dateInput = useRef<HTMLInputElement | null>(null);
  const { ref: registerDate, ...dateField } = register('general.controlDate');
  // The product's date picker (flatpickr in the user's locale, typed text kept), loaded with the step.
  // It writes the field itself, which React's change tracking does not see: a native listener tells the form.
  useEffect(() => {
    const input = dateInput.current;
    if (!input) return undefined;
    let gone = false;
    const sync = () => form.setValue('general.controlDate', input.value, { shouldDirty: true });
    input.addEventListener('change', sync);
    void import('../core/date-pickers').then(async (m) => { await m.pickerLocaleReady; if (!gone) m.enhanceDatePickers(input); });
    return () => {
      gone = true;
      input.removeEventListener('change', sync);
      void import('../core/date-pickers').then((m) => m.teardownDatePickers(input));
    };
  }, [form]);
  return (
    <div className="row g-3" data-testid="step-general">
      <div className="col-md-4">
        <label className="form-label required" htmlFor="vgp-control-date">{t('vgp_control.fields.controlDate')}</label>
        <input className={`form-control${dateError ? ' is-invalid' : ''}`} id="vgp-control-date" placeholder={t('vgp_control.fields.datePlaceholder')} autoComplete="off" required
          data-datepicker="" aria-describedby={dateError ? 'vgp-control-date-error' : undefined} {...dateField}
          ref={(el) => { registerDate(el); dateInput.current = el; }} />
        {dateError && <div className="invalid-feedback" id="vgp-control-date-error">{dateError}</div>}
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="vgp-control-controller">{t('vgp_control.fields.controller')}</label>
        <select className="form-select" id="vgp-control-controller" {...register('general.controllerId')}>
          <option value="">{t('vgp_control.fields.none')}</option>
          {people.map((u) => <option key={u.id} value={String(u.id)}>{u.name}</option>)}
        </select>
      </div>
      <div className="col-md-4">
        <label className="form-label" htmlFor="vgp-control-supervisor">{t('vgp_control.fields.supervisor')}</label>
        <select className="form-select" id="vgp-control-supervisor" {...register('general.supervisorId')}>
          <option value="">{t('vgp_control.fields.none')}</option>
          {people.map((u) => <option key={u.id} value={String(u.id)}>{u.name}</option>)}
        </select>
      </div>
      <div className="col-12">
        <label className="form-label" htmlFor="vgp-control-comment">{t('vgp_control.fields.comment')}</label>
        <textarea className="form-control" id="vgp-control-comment" rows={3} {...register('general.comment')} />
      </div>
    </div>
  );
}

/** Step 3: the answers group by group, non-conforming ones highlighted. */
export function StepRecap({ groups, values }: { groups: ControlProps['groups']; values: FormValues['answers'] }) {
  if (!groups.length) return <p className="text-muted">{t('vgp_control.recap.empty')}</p>;
  return (
    <div data-testid="step-recap">
      {groups.map((g) => (
        <div className="card mb-3" key={g.id}>
          <div className="card-header fw-semibold">{g.name}</div>
          <ul className="list-group list-group-flush">
            {g.checkpoints.map((c) => {
              const value = values[answerKey(c.id)];
              const a = chosenAnswer(c, value);
              const bad = a?.conforming === false;
              return (
                <li className={`list-group-item${bad ? ' list-group-item-danger' : ''}`} key={c.id} data-testid="recap-line" data-nonconforming={bad ? '1' : '0'}>
                  <div className="d-flex justify-content-between gap-2">
                    <span>{c.label}</span>
                    <span className="fw-semibold">{a ? a.label : t('vgp_control.recap.unanswered')}</span>
                  </div>
                  {value?.comment && bad && <div className="small text-muted">{value.comment}</div>}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </div>
  );
}

function SignatureCard({ role, signature, url }: { role: 'controller' | 'owner'; signature: SignatureView | null; url: string }) {
  return (
    <div className="col-md-6">
      <div className="card h-100" data-testid={`signature-${role}`}>
        <div className="card-header fw-semibold">{t(`vgp_control.signatures.${role}`)}</div>
        <div className="card-body">
          {signature ? (
            <>
              <img src={signature.image} alt={t('vgp_control.signatures.alt', { name: signature.signerName })} style={{ maxHeight: 100 }} className="d-block mb-1" />
              <div className="small text-muted">{t('vgp_control.signatures.signed', { name: signature.signerName, date: signature.signedAt })}</div>
            </>
          ) : <p className="text-muted mb-2">{t('vgp_control.signatures.missing')}</p>}
          <a className="btn btn-outline-primary btn-sm mt-2" href={url} data-modal data-modal-size="lg" data-testid={`sign-${role}`}>
            <i className="bi bi-pen me-1" aria-hidden="true" />{signature ? t('vgp_control.buttons.resign') : t('vgp_control.buttons.sign')}
          </a>
        </div>
      </div>
    </div>
  );
}

/** Step 4: the actions the control creates, the signatures and the files. */
export function StepConfirm({ props, actions }: { props: ControlProps; actions: ActionItem[] | null }) {
  const file = (label: string, f: { name: string; url: string } | null, url: string, testid: string) => (
    <li className="list-group-item d-flex justify-content-between align-items-center gap-2" data-testid={testid}>
      <span><strong>{label}</strong> — {f ? <a href={f.url}>{f.name}</a> : <span className="text-muted">{t('vgp_control.files.none')}</span>}</span>
      <a className="btn btn-outline-secondary btn-sm" href={url} data-modal><i className="bi bi-upload me-1" aria-hidden="true" />{f ? t('vgp_control.buttons.replace') : t('vgp_control.buttons.upload')}</a>
    </li>
  );
  return (
    <div data-testid="step-confirm">
      <h3 className="h5">{t('vgp_control.actions.title')}</h3>
      {actions === null ? (
        <p className="text-muted" role="status"><span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />{t('vgp_control.actions.loading')}</p>
      ) : actions.length === 0 ? (
        <p className="text-muted" data-testid="actions-empty">{t('vgp_control.actions.empty')}</p>
      ) : (
        <ul className="list-group mb-3" data-testid="control-actions">
          {actions.map((a) => (
            <li className="list-group-item" key={a.resultId} data-testid="control-action">
              <div className="fw-semibold">{a.comment}</div>
              {a.complement && <div className="small">{a.complement}</div>}
              <div className="small text-muted">{a.deadline ? t('vgp_control.actions.deadline', { date: a.deadline }) : t('vgp_control.actions.noDeadline')}</div>
            </li>
          ))}
        </ul>
      )}
      <h3 className="h5 mt-4">{t('vgp_control.signatures.title')}</h3>
      <div className="row g-3 mb-3">
        <SignatureCard role="controller" signature={props.signatures.controller} url={props.urls.signController} />
        <SignatureCard role="owner" signature={props.signatures.owner} url={props.urls.signOwner} />
      </div>
      <h3 className="h5 mt-4">{t('vgp_control.files.title')}</h3>
      <ul className="list-group mb-3">
        <li className="list-group-item" data-testid="file-report"><strong>{t('vgp_control.files.report')}</strong> — <span className="text-muted">{t('vgp_control.files.reportLater')}</span></li>
        {file(t('vgp_control.files.externalReport'), props.files.externalReport, props.urls.externalReport, 'file-external-report')}
        {file(t('vgp_control.files.other'), props.files.other, props.urls.otherFile, 'file-other')}
      </ul>
    </div>
  );
}
