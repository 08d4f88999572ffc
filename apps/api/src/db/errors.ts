/**
 * PostgreSQL errors by SQLSTATE, whichever driver raised them: `pg` puts `code` and `constraint`
 * on the error, drizzle over PGlite wraps them in `cause`.
 */
const UNIQUE_VIOLATION = '23505';

/** A unique index refused the write; when `constraint` is given, that index (if the driver names it). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  if ((e.code ?? e.cause?.code) !== UNIQUE_VIOLATION) return false;
  const named = e.constraint ?? e.cause?.constraint ?? '';
  return !constraint || named === '' || named === constraint;
}

const FOREIGN_KEY_VIOLATION = '23503';

/** A write named a row that is not there (any more). */
export function isForeignKeyViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return (e.code ?? e.cause?.code) === FOREIGN_KEY_VIOLATION;
}
