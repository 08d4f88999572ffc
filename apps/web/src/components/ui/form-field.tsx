import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Already translated message; shown under the field and tied to it for screen readers. */
  error?: string;
  hint?: ReactNode;
}

/** A labelled input with its error message, accessible by construction. */
export const FormField = forwardRef<HTMLInputElement, FieldProps>(function FormField(
  { label, error, hint, id, className, ...input },
  ref,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`h-11 rounded-md border bg-white px-3 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100 ${
          error ? 'border-red-700' : 'border-slate-300'
        } ${className ?? ''}`}
        {...input}
      />
      {hint}
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});

export function FormAlert({
  tone = 'error',
  children,
}: {
  tone?: 'error' | 'info' | 'success';
  children: ReactNode;
}) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    info: 'border-sky-200 bg-sky-50 text-sky-900',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-md border p-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}

export function SubmitButton({
  busy,
  children,
  busyLabel,
  disabled = false,
}: {
  busy: boolean;
  children: ReactNode;
  busyLabel: string;
  /** Not yet possible (a required acknowledgement is missing), besides busy. */
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={busy || disabled}
      className="h-11 rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
    >
      {busy ? busyLabel : children}
    </button>
  );
}
