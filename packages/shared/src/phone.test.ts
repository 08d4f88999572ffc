import { describe, expect, it } from 'vitest';
import { formatPhone, normalizePhone, toE164 } from './phone';

describe('phone numbers', () => {
  it('accepts 10 digits, and 11 starting with 1, in any punctuation', () => {
    expect(normalizePhone('(512) 555-0100')).toBe('5125550100');
    expect(normalizePhone('+1 512 555 0100')).toBe('5125550100');
    expect(normalizePhone('15125550100')).toBe('5125550100');
  });

  it('refuses other lengths and 11 digits not starting with 1', () => {
    expect(normalizePhone('512555010')).toBeNull();
    expect(normalizePhone('25125550100')).toBeNull();
    expect(normalizePhone('')).toBeNull();
  });

  it('shows numbers as (xxx) xxx-xxxx', () => {
    expect(formatPhone('5125550100')).toBe('(512) 555-0100');
    expect(formatPhone('1-512-555-0100')).toBe('(512) 555-0100');
    expect(formatPhone(null)).toBe('');
  });

  it('gives SMS providers E.164: +1 and the 10 digits', () => {
    expect(toE164('5125550100')).toBe('+15125550100');
    expect(toE164('(512) 555-0100')).toBe('+15125550100');
    expect(toE164('+1 512 555 0100')).toBe('+15125550100');
    expect(toE164('+44 20 7946 0958')).toBeNull();
    expect(toE164('')).toBeNull();
  });
});
