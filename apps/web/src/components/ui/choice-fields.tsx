import {
  forwardRef,
  useId,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@dealclub/shared/format';

const control =
  'rounded-md border bg-white px-3 text-base text-ink outline-none focus:border-brand-700 focus:ring-2 focus:ring-brand-100';

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

export interface Option {
  value: string;
  label: string;
}

interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  options: readonly Option[];
  /** A first, empty choice ("Choose a state"); its value is ''. */
  placeholder?: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled select with its error message. */
export const SelectField = forwardRef<HTMLSelectElement, SelectProps>(function SelectField(
  { label, options, placeholder, error, hint, id, className, ...select },
  ref,
) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={`grid gap-1.5 ${className ?? ''}`}>
      <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`h-11 ${control} ${error ? 'border-red-700' : 'border-slate-300'}`}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint}
      <FieldError id={errorId} error={error} />
    </div>
  );
});

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string;
  hint?: ReactNode;
  /**
   * The characters typed so far: with `maxLength`, shows a live "n / max characters" counter that,
   * like the error, describes the field to screen readers.
   */
  length?: number;
}

/** A labelled textarea with its error message and, optionally, a character counter. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextAreaField(
  { label, error, hint, length, id, ...textarea },
  ref,
) {
  const generated = useId();
  const areaId = id ?? generated;
  const errorId = `${areaId}-error`;
  const counterId = `${areaId}-counter`;
  const { maxLength } = textarea;
  const counted = length !== undefined && maxLength !== undefined;
  const describedBy = [counted && counterId, error && errorId].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1.5">
      <label htmlFor={areaId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <textarea
        ref={ref}
        id={areaId}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`py-2 ${control} ${error ? 'border-red-700' : 'border-slate-300'}`}
        {...textarea}
      />
      {counted && <CharacterCount id={counterId} length={length} max={maxLength} />}
      {hint}
      <FieldError id={errorId} error={error} />
    </div>
  );
});

/** "120 / 2,000 characters", amber near the limit. */
function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const { t, i18n } = useTranslation();
  const format = numberFormat(i18n.language, { maximumFractionDigits: 0 });
  return (
    <p id={id} className={`text-right text-xs ${length > max * 0.9 ? 'text-amber-800' : 'text-slate-600'}`}>
      {t('app.characterCount', { length: format.format(length), max: format.format(max) })}
    </p>
  );
}

/**
 * A fieldset of checkboxes (several values) or radios (one value) registered under one name with
 * react-hook-form; the legend names the group for screen readers.
 */
export function ChoiceGroup({
  legend,
  type,
  options,
  registration,
  error,
  columns = 2,
}: {
  legend: string;
  type: 'checkbox' | 'radio';
  options: readonly Option[];
  registration: UseFormRegisterReturn;
  error?: string;
  columns?: 1 | 2 | 3;
}) {
  const errorId = useId();
  const grid = { 1: '', 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3' }[columns];
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">{legend}</legend>
      <div className={`grid gap-2 ${grid}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className="flex min-h-11 items-center gap-2 rounded-md border border-slate-200 px-3"
          >
            <input type={type} value={o.value} className="size-4 accent-brand-700" {...registration} />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

/** One checkbox with its label. */
export const CheckboxField = forwardRef<HTMLInputElement, { label: string } & UseFormRegisterReturn>(
  function CheckboxField({ label, ...registration }, ref) {
    return (
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" className="size-4 accent-brand-700" ref={ref} {...registration} />
        <span>{label}</span>
      </label>
    );
  },
);

/** One on/off setting with its label: a checkbox that reads and looks as a switch. */
export const SwitchField = forwardRef<HTMLInputElement, { label: string } & UseFormRegisterReturn>(
  function SwitchField({ label, ...registration }, ref) {
    return (
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input type="checkbox" role="switch" className="peer sr-only" ref={ref} {...registration} />
        <span
          aria-hidden="true"
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition-colors after:absolute after:left-0.5 after:top-0.5 after:size-5 after:rounded-full after:bg-white after:transition-transform peer-checked:bg-brand-700 peer-checked:after:translate-x-5 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-100 peer-focus-visible:ring-offset-2"
        />
        <span>{label}</span>
      </label>
    );
  },
);
