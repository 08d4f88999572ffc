/**
 * US phone numbers (core §5): 10 digits, or 11 starting with 1; stored as the 10 digits and shown
 * as (xxx) xxx-xxxx.
 */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
  return null;
}

export function formatPhone(value: string | null | undefined): string {
  const digits = value ? normalizePhone(value) : null;
  if (!digits) return value ?? '';
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * The number as SMS providers take it, E.164 (DECISIONS.md, Demo data and delivery): +1 and the 10
 * digits; null when it is not a US number.
 */
export function toE164(input: string): string | null {
  const digits = normalizePhone(input);
  return digits ? `+1${digits}` : null;
}
