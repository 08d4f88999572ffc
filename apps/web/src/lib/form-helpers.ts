/** Form helpers every feature's forms share (react-hook-form's, and lib/simple-form.ts's). */
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors, type Translate } from './server-errors';

/** `setValueAs` of a number input: empty is null, anything else a number (NaN fails validation). */
export const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * Puts the server's field errors (`zipCodes.3`, `markets.0.state`), translated with `t`, on the
 * form's fields; a path the form does not know lands on its first segment. Answers whether any
 * were field errors.
 */
export function applyServerErrors(
  form: {
    getValues(): FieldValues;
    setError(name: string, error: { type: string; message: string }): void;
  },
  error: unknown,
  t: Translate,
): boolean {
  const fields = serverFieldErrors(error, t);
  const values = form.getValues() as Record<string, unknown>;
  for (const { path, text } of fields) {
    const name = path.split('.')[0] ?? path;
    const target = name in values && !/^zipCodes\./.test(path) ? path : name;
    form.setError(target, { type: 'server', message: text });
  }
  return fields.length > 0;
}

/**
 * The text of a field's error message: a schema message is a locale key and is translated; any
 * other (the server's, already translated by {@link applyServerErrors}) shows as it is — passed to
 * `t` it could be misread, a `:` in it taken for a namespace.
 */
export function useFieldMessage() {
  const { t, i18n } = useTranslation();
  return (message?: string) => (message ? (i18n.exists(message) ? t(message) : message) : undefined);
}
