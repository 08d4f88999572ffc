/**
 * Rows of a small form's list (`lib/simple-form.ts`): a group of fields per row (`markets.0.state`,
 * `markets.0.city`) that rows are added to and taken from, as react-hook-form's `useFieldArray`.
 * Apart from the form itself, which every deal page loads: only the Seller preferences tab has rows.
 */
import type { FieldValues } from 'react-hook-form';
import { ownError, type SimpleForm } from './simple-form';

export interface SimpleFieldRows<TItem> {
  /** One entry per row, its `id` the row's React key. */
  fields: { id: string }[];
  /** Adds a row at the end; its first field takes the focus once it is on the page. */
  append: (item: TItem) => void;
  remove: (index: number) => void;
}

/** Each form's rows' ids by list, in the rows' order; made again when a list's length changes. */
const rowIds = new WeakMap<object, Map<string, string[]>>();
let made = 0;
const newId = () => `row-${(made += 1)}`;

/**
 * A list's errors without row `index`'s, the rows below it moved up one: an array with gaps (the
 * schema's: a row without error has none) or an object of numbered rows beside the list's own.
 */
export function withoutRow(error: unknown, index: number): unknown {
  if (!error || typeof error !== 'object') return error;
  const next: Record<string, unknown> = Array.isArray(error)
    ? ([] as unknown as Record<string, unknown>)
    : {};
  for (const [key, rowError] of Object.entries(error)) {
    const row = /^\d+$/.test(key) ? Number(key) : -1;
    if (row !== index) next[row > index ? String(row - 1) : key] = rowError;
  }
  return next;
}

/**
 * The rows of the list field `name`, read when the form renders (the form re-renders as the list
 * changes). A row added or taken out is a change of the list (its draft, its watchers), and the
 * rows' errors move with them; after a first submit the list is checked again, as react-hook-form
 * does, so that its own error ("add at least one") follows what it holds now.
 */
export function fieldRows<TValues extends FieldValues, TOutput, TItem>(
  form: SimpleForm<TValues, TOutput>,
  name: keyof TValues & string,
): SimpleFieldRows<TItem> {
  const lists = rowIds.get(form) ?? new Map<string, string[]>();
  rowIds.set(form, lists);
  const list = (form.watch(name) ?? []) as TItem[];
  let ids = lists.get(name);
  if (ids?.length !== list.length) {
    ids = list.map(newId);
    lists.set(name, ids);
  }
  // What a press finds when it comes (not what the last render read).
  const now = () => ({
    list: (form.getValues()[name] ?? []) as TItem[],
    ids: lists.get(name) ?? [],
    errors: (form.formState.errors as Record<string, unknown>)[name],
  });
  const replace = (next: TItem[], nextIds: string[], rowErrors: unknown) => {
    lists.set(name, nextIds);
    form.setValue(name, next as TValues[typeof name]);
    if (rowErrors !== now().errors) form.setError(name as never, rowErrors as never);
    if (form.formState.isSubmitted) void checkList();
  };
  // Only the list's own error follows a row added or taken out, as react-hook-form's: a new row is
  // not marked before it is typed in, and the rows' errors (the server's too) stay where they are.
  const checkList = async () => {
    const found = await form.check(name);
    if (ownError(found) || ownError(now().errors)) form.setError(name as never, found as never);
  };
  return {
    fields: ids.map((id) => ({ id })),
    append: (item) => {
      const { list, ids, errors } = now();
      replace([...list, item], [...ids, newId()], errors);
      // The new row's first field, once React has put it on the page.
      const first = Object.keys(item as object)[0];
      if (first) setTimeout(() => form.setFocus(`${name}.${list.length}.${first}` as never));
    },
    remove: (index) => {
      const { list, ids, errors } = now();
      const without = <T>(all: T[]) => all.filter((_, i) => i !== index);
      replace(without(list), without(ids), withoutRow(errors, index));
    },
  };
}
