/** Form helpers every feature's react-hook-form screens share. */
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

/** `setValueAs` of a number input: empty is null, anything else a number (NaN fails validation). */
export const numberOrNull = (value: unknown) =>
  value === '' || value === null || value === undefined ? null : Number(value);

/**
 * Puts the server's field errors (`zipCodes.3`, `markets.0.state`) on the form's fields; a path the
 * form does not know lands on its first segment. Answers whether any were field errors.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return false;
  const fields = (error.body as { errors?: { path: string; message: string }[] }).errors ?? [];
  const values = form.getValues() as Record<string, unknown>;
  for (const field of fields) {
    const name = field.path.split('.')[0] ?? field.path;
    const target = name in values && !/^zipCodes\./.test(field.path) ? field.path : name;
    form.setError(target as Path<T>, { message: field.message });
  }
  return fields.length > 0;
}
