/**
 * The deal form's inputs, bound to its form (lib/simple-form.ts) by field name: each has its label,
 * the translated schema message under it and the id `deal-<field>` (the error summary links to it).
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import type { DealValues } from '@dealclub/shared/deals';
import { ChoiceGroup, SelectField, TextAreaField, type Option } from '@/components/ui/choice-fields';
import { FormField } from '@/components/ui/form-field';
import { numberOrNull, useFieldMessage } from '@/lib/form-helpers';
import type { FieldError, FieldErrors, SimpleForm } from '@/lib/simple-form';
import { choiceOrNull, dateOrNull, type DealFormField, type DealFormValues } from './form-values';

export type DealFormApi = SimpleForm<DealFormValues, DealValues>;

/** The message of a field's error, also for list fields (tags) whose error may sit on an item. */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const e = error as FieldError & { root?: FieldError };
  if (typeof e.message === 'string' && e.message) return e.message;
  if (e.root?.message) return e.root.message;
  if (Array.isArray(error)) return error.map(messageOf).find(Boolean);
  return undefined;
}

export function useFieldError(form: DealFormApi) {
  const translate = useFieldMessage();
  const errors: FieldErrors<DealFormValues> = form.formState.errors;
  return (name: DealFormField) => translate(messageOf(errors[name]));
}

export const fieldId = (name: DealFormField) => `deal-${name}`;

interface Base {
  form: DealFormApi;
  name: DealFormField;
  label: string;
  hint?: string;
}

function Hint({ text }: { text?: string }) {
  return text ? <p className="text-sm text-slate-600">{text}</p> : null;
}

export function NumberInput({
  form,
  name,
  label,
  hint,
  step = 1,
  min = 0,
}: Base & { step?: number | 'any'; min?: number }) {
  const error = useFieldError(form)(name);
  return (
    <FormField
      id={fieldId(name)}
      label={label}
      type="number"
      inputMode={step === 1 ? 'numeric' : 'decimal'}
      step={step}
      min={min}
      hint={<Hint text={hint} />}
      error={error}
      {...form.register(name, { setValueAs: numberOrNull })}
    />
  );
}

export function DateInput({ form, name, label, hint }: Base) {
  const error = useFieldError(form)(name);
  return (
    <FormField
      id={fieldId(name)}
      label={label}
      type="date"
      hint={<Hint text={hint} />}
      error={error}
      {...form.register(name, { setValueAs: dateOrNull })}
    />
  );
}

export function TextInput({
  form,
  name,
  label,
  hint,
  autoComplete,
  maxLength,
}: Base & { autoComplete?: string; maxLength?: number }) {
  const error = useFieldError(form)(name);
  return (
    <FormField
      id={fieldId(name)}
      label={label}
      autoComplete={autoComplete}
      maxLength={maxLength}
      hint={<Hint text={hint} />}
      error={error}
      {...form.register(name)}
    />
  );
}

export function TextArea({ form, name, label, hint, rows = 6 }: Base & { rows?: number }) {
  const error = useFieldError(form)(name);
  return (
    <TextAreaField
      id={fieldId(name)}
      label={label}
      rows={rows}
      hint={<Hint text={hint} />}
      error={error}
      {...form.register(name)}
    />
  );
}

/** A select; with `placeholder`, an empty first choice that means "none chosen" (null). */
export function Select({
  form,
  name,
  label,
  hint,
  options,
  placeholder,
}: Base & { options: readonly Option[]; placeholder?: string }) {
  const error = useFieldError(form)(name);
  return (
    <SelectField
      id={fieldId(name)}
      label={label}
      options={options}
      placeholder={placeholder}
      hint={<Hint text={hint} />}
      error={error}
      {...form.register(name, placeholder === undefined ? {} : { setValueAs: choiceOrNull })}
    />
  );
}

/** Radios (one value) or checkboxes (several) under one name. */
export function Choices({
  form,
  name,
  label,
  type,
  options,
  columns,
}: Base & { type: 'radio' | 'checkbox'; options: readonly Option[]; columns?: 1 | 2 | 3 }) {
  const error = useFieldError(form)(name);
  return (
    <div id={fieldId(name)}>
      <ChoiceGroup
        legend={label}
        type={type}
        options={options}
        columns={columns}
        registration={form.register(name)}
        error={error}
      />
    </div>
  );
}

/** One checkbox, with its own error message (the legal certification). */
export function Checkbox({ form, name, label, hint }: Base) {
  const error = useFieldError(form)(name);
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1">
      <label className="flex min-h-11 items-start gap-2 py-2">
        <input
          id={fieldId(name)}
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-brand-700"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...form.register(name)}
        />
        <span>{label}</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A titled part of the form. */
export function FormSection({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="grid gap-5 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">{title}</h2>
        {lead && <div className="text-slate-700">{lead}</div>}
      </div>
      {children}
    </section>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <div className="grid gap-4 sm:grid-cols-2">{children}</div>;
}
