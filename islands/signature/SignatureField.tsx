import { useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';
import { ajaxHeaders, errorMessage, readJson } from '../core/http';

/** Texts of the widget, translated by the server (`signature.island.*`). */
export interface SignatureLabels {
  canvas: string;
  clear: string;
  save: string;
  saved: string;
  empty_hint: string;
  current: string;
  none: string;
  error: string;
  name: string;
  name_required: string;
  state_empty: string;
  state_drawn: string;
  state_cleared: string;
}

/** Props serialised by the server. */
export interface SignatureProps {
  /** Save mode: POST JSON `{image[, name]}` here; the reply's `{message}` is shown. */
  saveUrl?: string;
  /** GET JSON `{image}` (data URL or null): the signature already saved, shown under the pad. */
  imageUrl?: string;
  /** The signature already saved, when the page has it at hand (instead of `imageUrl`). */
  image?: string | null;
  /** CSRF token for the save call (else the page's). */
  csrfToken?: string;
  /** Asks for the signer's name too (required when enabled). */
  nameEnabled?: boolean;
  name?: string;
  /** Form mode: hidden input receiving the PNG data URL ('' when empty), inside the page's form. */
  inputName?: string;
  /** Form mode: name of the signer-name input. */
  nameInputName?: string;
  /** May use the widget at all (default true). Without it only the saved image shows. */
  granted?: boolean;
  /** May add a new signature (default: `granted`). */
  addGranted?: boolean;
  /** Canvas height in CSS pixels (default 200). */
  height?: number;
  labels: SignatureLabels;
}

/** The canvas states of the spec. */
export type PadState = 'empty' | 'drawn' | 'cleared';

type Notice = { kind: 'success' | 'warning' | 'danger'; text: string } | null;

/** Largest width of the pad, CSS pixels. */
const MAX_WIDTH = 600;

/** Signature pad with clear and save, the saved image (max 100 px high) and the French messages. */
export function SignatureField(props: SignatureProps) {
  const { labels, saveUrl, imageUrl, nameEnabled, inputName, nameInputName } = props;
  const granted = props.granted !== false;
  const addGranted = props.addGranted ?? granted;
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [state, setState] = useState<PadState>('empty');
  const [image, setImage] = useState<string | null>(props.image ?? null);
  const [dataUrl, setDataUrl] = useState('');
  const [name, setName] = useState(props.name ?? '');
  const [nameInvalid, setNameInvalid] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const editable = granted && addGranted;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !editable) return undefined;
    // Draw at the screen's density so the stroke stays sharp; size it once from the container.
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const width = Math.min(canvas.parentElement?.clientWidth || MAX_WIDTH, MAX_WIDTH);
    const height = props.height ?? 200;
    canvas.width = width * ratio;
    canvas.height = height * ratio;
    canvas.style.width = `${width}px`;
    canvas.style.height = `${height}px`;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, { penColor: '#1b2a4a', minWidth: 0.8, maxWidth: 2.5 });
    padRef.current = pad;
    const onEnd = () => {
      setState('drawn');
      setNotice(null);
      if (inputName) setDataUrl(pad.isEmpty() ? '' : pad.toDataURL('image/png'));
    };
    pad.addEventListener('endStroke', onEnd);
    return () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, [editable, inputName, props.height]);

  useEffect(() => {
    if (!imageUrl || props.image !== undefined) return undefined;
    const controller = new AbortController();
    fetch(imageUrl, { headers: ajaxHeaders({ Accept: 'application/json' }), credentials: 'same-origin', signal: controller.signal })
      .then((res) => (res.ok ? readJson<{ image?: string | null }>(res) : null))
      .then((body) => { if (body && typeof body.image === 'string') setImage(body.image); })
      .catch((err: unknown) => { if ((err as Error).name !== 'AbortError') console.error(labels.error, err); });
    return () => controller.abort();
  }, [imageUrl, props.image, labels.error]);

  const clear = useCallback(() => {
    padRef.current?.clear();
    setState('cleared');
    setNotice(null);
    if (inputName) setDataUrl('');
  }, [inputName]);

  const save = useCallback(async () => {
    const pad = padRef.current;
    if (!pad || !saveUrl) return;
    // Saving an empty drawing does nothing but say why.
    if (pad.isEmpty()) {
      setNotice({ kind: 'warning', text: labels.empty_hint });
      return;
    }
    if (nameEnabled && !name.trim()) {
      setNameInvalid(true);
      return;
    }
    const drawn = pad.toDataURL('image/png');
    setBusy(true);
    setNotice(null);
    try {
      const headers = ajaxHeaders({ Accept: 'application/json', 'Content-Type': 'application/json' });
      if (props.csrfToken) headers['X-CSRF-Token'] = props.csrfToken;
      const res = await fetch(saveUrl, {
        method: 'POST', credentials: 'same-origin', headers,
        body: JSON.stringify(nameEnabled ? { image: drawn, name: name.trim() } : { image: drawn }),
      });
      if (!res.ok) {
        setNotice({ kind: 'danger', text: await errorMessage(res, labels.error) });
        return;
      }
      const body = await readJson<{ message?: string }>(res);
      setNotice({ kind: 'success', text: body?.message || labels.saved });
      setImage(drawn);
      pad.clear();
      setState('empty');
    } catch {
      setNotice({ kind: 'danger', text: labels.error });
    } finally {
      setBusy(false);
    }
  }, [saveUrl, nameEnabled, name, props.csrfToken, labels]);

  const stateLabel = { empty: labels.state_empty, drawn: labels.state_drawn, cleared: labels.state_cleared }[state];

  return (
    <div className="vigie-signature" data-testid="signature-pad" data-state={state}>
      {notice && (
        <div className={`alert alert-${notice.kind} py-2`} role={notice.kind === 'danger' ? 'alert' : 'status'}
          data-testid={notice.kind === 'warning' ? 'signature-hint' : 'signature-message'}>
          {notice.text}
        </div>
      )}
      {editable && (
        <>
          {nameEnabled && (
            <div className="mb-2">
              <label className="form-label required" htmlFor={`${inputName ?? 'signature'}_name`}>{labels.name}</label>
              <input id={`${inputName ?? 'signature'}_name`} className={`form-control${nameInvalid ? ' is-invalid' : ''}`} name={nameInputName}
                value={name} onChange={(e) => { setName(e.target.value); setNameInvalid(false); }} />
              {nameInvalid && <div className="invalid-feedback">{labels.name_required}</div>}
            </div>
          )}
          <div className="border rounded bg-white d-inline-block mw-100">
            <canvas ref={canvasRef} role="img" aria-label={labels.canvas} data-testid="signature-canvas" className="d-block" />
          </div>
          <div className="d-flex align-items-center gap-2 mt-2">
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={clear} data-testid="signature-clear">
              <i className="bi bi-eraser" /> {labels.clear}
            </button>
            {saveUrl && (
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void save()} disabled={busy} data-testid="signature-save">
                {busy ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : <i className="bi bi-check2" />} {labels.save}
              </button>
            )}
            <span className="small text-muted" data-testid="signature-state">{stateLabel}</span>
          </div>
          {inputName && <input type="hidden" name={inputName} value={dataUrl} />}
        </>
      )}
      {(saveUrl || imageUrl || props.image !== undefined) && (
        <div className="mt-3">
          <div className="small text-muted mb-1">{labels.current}</div>
          {image
            ? <img src={image} alt={labels.current} data-testid="signature-image" className="border rounded bg-white" style={{ maxHeight: 100, maxWidth: '100%' }} />
            : <div className="small fst-italic text-muted" data-testid="signature-none">{labels.none}</div>}
        </div>
      )}
    </div>
  );
}
