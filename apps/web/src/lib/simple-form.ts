/**
 * The part of react-hook-form's `useForm` that the small forms of a deal page use (a buyer's offer,
 * interest and message to the seller), in a few hundred bytes instead of its 14 KB: those forms
 * show on the first visit of every deal page, and the library would be a tenth of that visit's
 * script (issue 18). It keeps react-hook-form's contract where these forms rely on it: uncontrolled
 * fields registered with `register` (a radio group under one name, `setValueAs`), a resolver (the
 * API's schemas, `lazyResolver`) run on submit and, after a first submit, on every change of a
 * field (its own error only), the focus on the first field in error, `setError` for the server's
 * field errors (`applyServerErrors`), `watch` re-rendering the form when a watched field changes,
 * and `isSubmitting` from a submit's press to its end (a second press meanwhile is ignored), `setValue`
 * and `trigger` (one field checked). The forms of the sign-in, sign-up, verification and password
 * reset screens use it too (issue 32), and so does the deal form (`/deals/new`, edit), which adds a
 * group of checkboxes under one name (a field whose value is a list, or of several boxes: the
 * checked boxes' values, in the form's order), an error kept whole when it sits on a list's item
 * (`tags.2`), `handleSubmit`'s second handler (the form is invalid), `shouldFocusError: false` and
 * `setFocus`. The profile's forms (field arrays and controlled inputs, which this does not cover),
 * the counter-offer and saved-search dialogs and sign-in's second step use react-hook-form.
 */
import { useReducer, useState, type BaseSyntheticEvent } from 'react';
import type { DefaultValues, FieldValues, Path, Resolver, UseFormRegisterReturn } from 'react-hook-form';

export interface FieldError {
  type: string;
  message?: string;
}

export type FieldErrors<TValues> = Partial<Record<keyof TValues & string, FieldError>>;

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Field {
  elements: Set<FieldElement>;
  setValueAs?: (value: unknown) => unknown;
  registration: UseFormRegisterReturn;
}

export interface SimpleForm<TValues extends FieldValues, TOutput> {
  register: <TName extends Path<TValues>>(
    name: TName,
    options?: { setValueAs?: (value: unknown) => unknown },
  ) => UseFormRegisterReturn<TName>;
  /** The field's value; the form re-renders when it changes. */
  watch: <TName extends keyof TValues & string>(name: TName) => TValues[TName];
  handleSubmit: (
    onValid: (values: TOutput) => unknown,
    onInvalid?: (errors: FieldErrors<TValues>) => unknown,
  ) => (event?: Pick<BaseSyntheticEvent, 'preventDefault'>) => Promise<void>;
  /** The fields' errors, and whether a valid submit's handler is still running. */
  formState: { errors: FieldErrors<TValues>; isSubmitting: boolean };
  getValues: () => TValues;
  setError: (name: Path<TValues>, error: FieldError) => void;
  /** Calls `listener` with the values after each change of a field; returns the unsubscribe. */
  subscribe: (listener: (values: TValues) => void) => () => void;
  /** Puts every field back to `values` (a discarded draft), errors cleared. */
  reset: (values: DefaultValues<TValues>) => void;
  /** Sets one field's value (shown in its element), as the user had typed it. */
  setValue: <TName extends keyof TValues & string>(name: TName, value: TValues[TName]) => void;
  /** Checks one field and shows its error (or clears it); whether it passed. */
  trigger: (name: keyof TValues & string) => Promise<boolean>;
  /** Moves the focus to the field's first element on the page. */
  setFocus: (name: keyof TValues & string) => void;
}

const isCheckbox = (element: FieldElement): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === 'checkbox';

/**
 * What a field holds after a change of `element`: a group of checkboxes (a field whose value is a
 * list) holds the values of its checked boxes on the page, in their order; one checkbox, whether
 * it is checked.
 */
function valueOf(element: FieldElement, field: Field | undefined, current: unknown): unknown {
  if (isCheckbox(element) && (Array.isArray(current) || (field?.elements.size ?? 0) > 1)) {
    return [...(field?.elements ?? [element])]
      .filter((e) => e.isConnected && isCheckbox(e) && e.checked)
      .map((e) => e.value);
  }
  if (isCheckbox(element)) return element.checked;
  return field?.setValueAs ? field.setValueAs(element.value) : element.value;
}

/** Shows `value` in a field's element, as react-hook-form does when a field mounts. */
function show(element: FieldElement, value: unknown) {
  if (element instanceof HTMLInputElement && element.type === 'radio') {
    element.checked = value !== undefined && value !== null && element.value === String(value);
  } else if (isCheckbox(element)) {
    element.checked = Array.isArray(value) ? value.includes(element.value) : Boolean(value);
  } else {
    element.value = value === undefined || value === null ? '' : String(value);
  }
}

/**
 * An error as the form keeps it: a field's own with its type and message; one that sits on a
 * list's items (no message of its own) whole, so that the item's message can be shown.
 */
function errorOf(error: FieldError): FieldError {
  return typeof error.message === 'string' ? { type: error.type, message: error.message } : error;
}

function createForm<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  defaultValues: DefaultValues<TValues>,
  shouldFocusError: boolean,
  rerender: () => void,
): SimpleForm<TValues, TOutput> {
  const values = { ...defaultValues } as Record<string, unknown>;
  const fields = new Map<string, Field>();
  const watched = new Set<string>();
  const listeners = new Set<(values: TValues) => void>();
  let errors: Record<string, FieldError> = {};
  let submitted = false;
  let isSubmitting = false;

  const validate = async () => {
    const result = await resolver(values as TValues, undefined as TContext, {
      fields: {},
      shouldUseNativeValidation: false,
      criteriaMode: 'firstError',
    });
    return result as { values: TOutput | Record<string, never>; errors: Record<string, FieldError> };
  };

  const setErrors = (next: Record<string, FieldError>) => {
    errors = next;
    form.formState = { errors: errors as FieldErrors<TValues>, isSubmitting };
    rerender();
  };

  const onChange = async (name: string, element: FieldElement) => {
    const field = fields.get(name);
    if (element instanceof HTMLInputElement && element.type === 'radio' && !element.checked) return;
    values[name] = valueOf(element, field, values[name]);
    for (const listener of listeners) listener({ ...values } as TValues);
    if (watched.has(name)) rerender();
    if (!submitted) return;
    // After a first submit each change checks its field again, as react-hook-form's default does.
    const fieldError = (await validate()).errors[name];
    const shown = errors[name];
    // Unchanged: no error before or now, or the same message (an error on a list's items is shown
    // again, as its items may have changed).
    const same =
      fieldError && shown
        ? typeof fieldError.message === 'string' &&
          fieldError.message === shown.message &&
          fieldError.type === shown.type
        : fieldError === shown;
    if (same) return;
    const next = { ...errors };
    if (fieldError) next[name] = errorOf(fieldError);
    else delete next[name];
    setErrors(next);
  };

  const form: SimpleForm<TValues, TOutput> = {
    register(name, options = {}) {
      let field = fields.get(name);
      if (!field) {
        const elements = new Set<FieldElement>();
        field = {
          elements,
          setValueAs: options.setValueAs,
          registration: {
            name,
            ref: (element: FieldElement | null) => {
              if (!element) return undefined;
              elements.add(element);
              show(element, values[name]);
              return () => {
                elements.delete(element);
              };
            },
            onChange: (event: { target: unknown }) => onChange(name, event.target as FieldElement),
            onBlur: async () => undefined,
          },
        };
        fields.set(name, field);
      }
      field.setValueAs = options.setValueAs;
      return field.registration as UseFormRegisterReturn<typeof name>;
    },
    watch(name) {
      watched.add(name);
      return values[name] as TValues[typeof name];
    },
    handleSubmit: (onValid, onInvalid) => async (event) => {
      event?.preventDefault();
      // One submit at a time: busy from the press (the schema may still be loading) to the end.
      if (isSubmitting) return;
      submitted = true;
      isSubmitting = true;
      setErrors(errors);
      try {
        const result = await validate();
        const found = Object.entries(result.errors).map(([name, error]) => [name, errorOf(error)] as const);
        setErrors(Object.fromEntries(found));
        if (found.length === 0) {
          await onValid(result.values as TOutput);
          return;
        }
        await onInvalid?.(errors as FieldErrors<TValues>);
        if (!shouldFocusError) return;
        // The first field in error, in the order the form shows them, takes the focus.
        for (const [name, field] of fields) {
          if (!errors[name]) continue;
          const element = [...field.elements].find((e) => e.isConnected);
          if (element) {
            element.focus();
            break;
          }
        }
      } finally {
        isSubmitting = false;
        setErrors(errors);
      }
    },
    formState: { errors: {}, isSubmitting: false },
    getValues: () => ({ ...values }) as TValues,
    setError(name, error) {
      setErrors({ ...errors, [name]: error });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset(next) {
      for (const key of Object.keys(values)) delete values[key];
      Object.assign(values, next);
      for (const [name, field] of fields) for (const element of field.elements) show(element, values[name]);
      submitted = false;
      setErrors({});
    },
    setValue(name, value) {
      values[name] = value;
      for (const element of fields.get(name)?.elements ?? []) show(element, value);
      for (const listener of listeners) listener({ ...values } as TValues);
      if (watched.has(name)) rerender();
    },
    async trigger(name) {
      const fieldError = (await validate()).errors[name];
      const next = { ...errors };
      if (fieldError) next[name] = errorOf(fieldError);
      else delete next[name];
      setErrors(next);
      return !fieldError;
    },
    setFocus(name) {
      [...(fields.get(name)?.elements ?? [])].find((e) => e.isConnected)?.focus();
    },
  };
  return form;
}

/** A form of uncontrolled fields validated by `resolver`; see the top of this file. */
export function useSimpleForm<TValues extends FieldValues, TContext = unknown, TOutput = TValues>({
  resolver,
  defaultValues,
  shouldFocusError = true,
}: {
  resolver: Resolver<TValues, TContext, TOutput>;
  defaultValues: DefaultValues<TValues>;
  /** Whether a failed submit moves the focus to the first field in error (else `onInvalid` does). */
  shouldFocusError?: boolean;
}): SimpleForm<TValues, TOutput> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [form] = useState(() => createForm(resolver, defaultValues, shouldFocusError, rerender));
  return form;
}
