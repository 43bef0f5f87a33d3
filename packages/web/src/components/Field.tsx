import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** The visible label; also the input's accessible name, so keep it exactly the field's name. */
  label: string;
  hint?: ReactNode;
  /** Something beside the input: a captcha image, a send-code button. */
  addon?: ReactNode;
}

/** A labelled input with an optional hint line and side addon. */
export function Field({ label, hint, addon, className, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className={`field${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-row">
        <input id={id} className="input" aria-describedby={hint ? hintId : undefined} {...input} />
        {addon}
      </div>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The failure message of a form, shown above its submit button. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** A primary submit button that is disabled while its form is pending; its name never changes. */
export function SubmitButton({ children, pending }: { children: string; pending: boolean }) {
  return (
    <button type="submit" className="button button-primary button-block" disabled={pending} aria-busy={pending}>
      {pending && <span className="spinner spinner-inline" aria-hidden="true" />}
      {children}
    </button>
  );
}
