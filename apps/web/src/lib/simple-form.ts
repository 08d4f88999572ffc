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
 * `setFocus`. The profile's tabs (issue 32: react-hook-form was 13 KB of each tab's first visit)
 * add fields inside lists (`markets.0.state`) with rows added and taken out (`simple-form-rows.ts`,
 * react-hook-form's `useFieldArray`), a value no element holds (`change`, its `Controller`: the ZIP codes), a
 * field's `onBlur` and `reset()` to the first values. The counter-offer and saved-search dialogs and
 * sign-in's second step use react-hook-form.
 */
import { useReducer, useState, type BaseSyntheticEvent } from 'react';
import type {
  DefaultValues,
  FieldErrors as DeepFieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormRegisterReturn,
} from 'react-hook-form';

export interface FieldError {
  type: string;
  message?: string;
}

/**
 * The fields' errors, as react-hook-form shapes them: a field's own (`errors.city`), one inside a
 * list (`errors.markets[0].state`), or a list's own (`errors.zipCodes.message` or `.root`).
 */
export type FieldErrors<TValues extends FieldValues> = DeepFieldErrors<TValues>;

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface Field {
  elements: Set<FieldElement>;
  setValueAs?: (value: unknown) => unknown;
  onBlur?: (event: { target: FieldElement }) => unknown;
  registration: UseFormRegisterReturn;
}

export interface RegisterOptions {
  setValueAs?: (value: unknown) => unknown;
  /** Called after the field loses the focus (a phone number formatted as it is left). */
  onBlur?: (event: { target: FieldElement }) => unknown;
}

export interface SimpleForm<TValues extends FieldValues, TOutput> {
  register: <TName extends Path<TValues>>(
    name: TName,
    options?: RegisterOptions,
  ) => UseFormRegisterReturn<TName>;
  /** The field's value; the form re-renders when it changes. */
  watch: <TName extends keyof TValues & string>(name: TName) => TValues[TName];
  handleSubmit: (
    onValid: (values: TOutput) => unknown,
    onInvalid?: (errors: FieldErrors<TValues>) => unknown,
  ) => (event?: Pick<BaseSyntheticEvent, 'preventDefault'>) => Promise<void>;
  /** The fields' errors, whether a valid submit's handler is still running, and whether it was submitted. */
  formState: { errors: FieldErrors<TValues>; isSubmitting: boolean; isSubmitted: boolean };
  getValues: () => TValues;
  setError: (name: Path<TValues>, error: FieldError) => void;
  /** Calls `listener` with the values after each change of a field; returns the unsubscribe. */
  subscribe: (listener: (values: TValues) => void) => () => void;
  /** Puts every field back to `values` (a discarded draft; by default the first values), errors cleared. */
  reset: (values?: TValues | DefaultValues<TValues>) => void;
  /** Sets one field's value (shown in its element), as the user had typed it. */
  setValue: <TName extends keyof TValues & string>(name: TName, value: TValues[TName]) => void;
  /**
   * A change of a field that is no element of the page (a list of ZIP codes edited by its own
   * component): set, watched and, after a first submit, checked again, as a typed change is.
   */
  change: <TName extends keyof TValues & string>(name: TName, value: TValues[TName]) => void;
  /** Checks one field and shows its error (or clears it); whether it passed. */
  trigger: (name: keyof TValues & string) => Promise<boolean>;
  /** The error a check finds at `name` now, without showing it. */
  check: (name: keyof TValues & string) => Promise<unknown>;
  /** Moves the focus to the field's first element on the page. */
  setFocus: (name: keyof TValues & string) => void;
}

type Tree = Record<string, unknown>;

/** The value at a dotted path (`markets.0.state`). */
function getIn(tree: unknown, path: string): unknown {
  let at = tree;
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Tree)[key];
  }
  return at;
}

/**
 * `tree` with `value` at the path `keys`, copying each list and object on the way (the values it
 * started from, a query's cached answer among them, are never changed). With `prune` (errors),
 * `undefined` takes the entry out, and an object or list left with nothing goes with it.
 */
function setIn(tree: unknown, keys: string[], value: unknown, prune = false): unknown {
  if (keys.length === 0) return value;
  const [key, ...rest] = keys as [string, ...string[]];
  const copy: Tree | unknown[] = Array.isArray(tree)
    ? [...tree]
    : tree !== null && typeof tree === 'object'
      ? { ...(tree as Tree) }
      : /^\d+$/.test(key)
        ? []
        : {};
  const next = setIn((copy as Tree)[key], rest, value, prune);
  if (prune && next === undefined && !Array.isArray(copy)) delete (copy as Tree)[key];
  else (copy as Tree)[key] = next;
  return prune && Object.values(copy).every((entry) => entry === undefined) ? undefined : copy;
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
 * list's items or a group's fields (no message of its own) whole, so that theirs can be shown.
 */
function errorOf(error: unknown): unknown {
  const e = error as FieldError;
  return typeof e?.message === 'string' ? { type: e.type, message: e.message } : error;
}

/** Whether two errors of a field would show the same. */
function sameError(a: unknown, b: unknown) {
  if (!a || !b) return a === b;
  const [x, y] = [a as FieldError, b as FieldError];
  // An error on a list's items is shown again, as its items may have changed.
  return typeof x.message === 'string' && x.message === y.message && x.type === y.type;
}

/** Whether an error is a list's own (its length, "add at least one"), not only its rows'. */
export const ownError = (error: unknown) =>
  typeof (error as FieldError | undefined)?.message === 'string' ||
  Boolean((error as { root?: unknown } | undefined)?.root);

/** The field a name belongs to at the top of the values (`markets` of `markets.0.state`). */
const topOf = (name: string) => name.split('.')[0]!;

function createForm<TValues extends FieldValues, TContext, TOutput>(
  resolver: Resolver<TValues, TContext, TOutput>,
  defaultValues: DefaultValues<TValues>,
  shouldFocusError: boolean,
  rerender: () => void,
): SimpleForm<TValues, TOutput> {
  let values = { ...defaultValues } as Tree;
  const fields = new Map<string, Field>();
  const watched = new Set<string>();
  const listeners = new Set<(values: TValues) => void>();
  let errors: Tree = {};
  let submitted = false;
  let isSubmitting = false;

  const validate = async () => {
    const result = await resolver(values as TValues, undefined as TContext, {
      fields: {},
      shouldUseNativeValidation: false,
      criteriaMode: 'firstError',
    });
    return result as { values: TOutput | Record<string, never>; errors: Tree };
  };

  const setErrors = (next: Tree) => {
    errors = next;
    form.formState = { errors: errors as FieldErrors<TValues>, isSubmitting, isSubmitted: submitted };
    rerender();
  };

  const put = (name: string, value: unknown) => {
    values = setIn(values, name.split('.'), value) as Tree;
  };
  /** The errors with `error` at `name` (none when undefined). */
  const withError = (name: string, error: unknown) =>
    (setIn(errors, name.split('.'), error, true) as Tree | undefined) ?? {};

  /** Shows the value of `name` in its elements, and in those of the fields inside it (a list's rows). */
  const shown = (name: string) => {
    for (const [field, { elements }] of fields) {
      if (field !== name && !field.startsWith(`${name}.`)) continue;
      for (const element of elements) show(element, getIn(values, field));
    }
  };

  /** After a field's value changed: its listeners, its watchers and, after a first submit, its check. */
  const changed = async (name: string, rerenderAlways = false) => {
    for (const listener of listeners) listener({ ...values } as TValues);
    if (rerenderAlways || watched.has(topOf(name))) rerender();
    if (!submitted) return;
    // After a first submit each change checks its field again, as react-hook-form's default does,
    // and the list it is in when the list has an error of its own ("add at least one").
    const found = (await validate()).errors;
    const top = topOf(name);
    if (top !== name && ownError(getIn(errors, top))) {
      setErrors(withError(top, getIn(found, top)));
      return;
    }
    const fieldError = getIn(found, name);
    if (sameError(fieldError, getIn(errors, name))) return;
    setErrors(withError(name, fieldError && errorOf(fieldError)));
  };

  const form: SimpleForm<TValues, TOutput> = {
    register(name, options = {}) {
      let field = fields.get(name);
      if (!field) {
        const elements = new Set<FieldElement>();
        const created: Field = {
          elements,
          registration: {
            name,
            ref: (element: FieldElement | null) => {
              if (!element) return undefined;
              elements.add(element);
              show(element, getIn(values, name));
              return () => {
                elements.delete(element);
              };
            },
            onChange: async (event: { target: unknown }) => {
              const element = event.target as FieldElement;
              if (element instanceof HTMLInputElement && element.type === 'radio' && !element.checked) return;
              put(name, valueOf(element, created, getIn(values, name)));
              await changed(name);
            },
            onBlur: async (event: { target: unknown }) => {
              await created.onBlur?.(event as { target: FieldElement });
            },
          },
        };
        field = created;
        fields.set(name, field);
      }
      field.setValueAs = options.setValueAs;
      field.onBlur = options.onBlur;
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
          if (!getIn(errors, name)) continue;
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
    formState: { errors: {}, isSubmitting: false, isSubmitted: false },
    getValues: () => ({ ...values }) as TValues,
    setError(name, error) {
      setErrors(withError(name, error));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reset(next = defaultValues) {
      values = { ...next } as Tree;
      for (const name of fields.keys()) shown(name);
      submitted = false;
      setErrors({});
    },
    setValue(name, value) {
      put(name, value);
      shown(name);
      for (const listener of listeners) listener({ ...values } as TValues);
      if (watched.has(topOf(name))) rerender();
    },
    change(name, value) {
      put(name, value);
      shown(name);
      void changed(name, true);
    },
    check: async (name) => getIn((await validate()).errors, name),
    async trigger(name) {
      const fieldError = getIn((await validate()).errors, name);
      setErrors(withError(name, fieldError && errorOf(fieldError)));
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
