import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { errorMessage } from '../lib/error-message';

/** A labelled text input: every control in the dashboard carries a visible label. */
export function TextField({
  label,
  hint,
  ...input
}: { label: string; hint?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const hintId = `${id}-hint`;

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint ? (
        <span id={hintId} className="hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export function TextArea({
  label,
  hint,
  ...textarea
}: { label: string; hint?: string } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  const hintId = `${id}-hint`;

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} aria-describedby={hint ? hintId : undefined} {...textarea} />
      {hint ? (
        <span id={hintId} className="hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  options,
  ...select
}: {
  label: string;
  options: readonly { value: string; label: string }[];
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxField({
  label,
  ...input
}: { label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();

  return (
    <div className="check">
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p role="status" aria-live="polite">
      Loading {what}…
    </p>
  );
}

export function ErrorAlert({ error }: { error: unknown }) {
  return (
    <div className="alert error" role="alert">
      {errorMessage(error)}
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="hint">{children}</p>;
}

/** Copies text to the clipboard and says so; the text stays selectable for a manual copy. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);

  return (
    <>
      <button
        type="button"
        onClick={() => {
          void navigator.clipboard.writeText(text).then(() => setCopied(true));
        }}
      >
        {label}
      </button>
      <span role="status" className="hint">
        {copied ? 'Copied.' : ''}
      </span>
    </>
  );
}

/**
 * An action behind a modal confirmation (the browser's <dialog>: focus is trapped and Escape
 * cancels). `confirmLabel` names the action on the confirming button. Red only when `destructive`
 * (the default): something is lost for good, as with a delete; a reversible change (rotating a
 * secret, which keeps the old one for a while) asks first in the usual colours.
 */
export function ConfirmButton({
  label,
  title,
  message,
  confirmLabel,
  onConfirm,
  pending = false,
  destructive = true,
}: {
  label: string;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  destructive?: boolean;
}) {
  const tone = destructive ? 'danger' : undefined;

  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  return (
    <>
      <button type="button" className={tone} disabled={pending} onClick={() => setOpen(true)}>
        {label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} onClose={() => setOpen(false)}>
        <h2 id={titleId}>{title}</h2>
        <div>{message}</div>
        <div className="row" style={{ marginTop: '1rem' }}>
          <button type="button" onClick={() => setOpen(false)}>
            Cancel
          </button>
          <button
            type="button"
            className={tone}
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </div>
      </dialog>
    </>
  );
}

export function formatDate(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : 'never';
}
