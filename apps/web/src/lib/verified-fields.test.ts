import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { MAX_STATEMENT_BYTES } from '@dealclub/shared/verifications';
import { checkStatement, formatVerifiedField } from './verified-fields';

const t = ((key: string) => key) as unknown as TFunction;

describe('a chosen mortgage statement', () => {
  it('may be a PDF, JPEG or PNG by its bytes, whatever its name', async () => {
    expect(await checkStatement(new File(['%PDF-1.7\n…'], 'a.pdf'))).toBeNull();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(await checkStatement(new File([png], 'renamed.pdf'))).toBeNull();
    expect(await checkStatement(new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'a.jpg'))).toBeNull();
  });

  it('is refused when it is text, empty or over 10 MB, with the server codes', async () => {
    expect(await checkStatement(new File(['just text'], 'statement.pdf'))).toBe('STATEMENT_TYPE_UNSUPPORTED');
    expect(await checkStatement(new File([], 'empty.pdf'))).toBe('FILE_REQUIRED');
    const big = new Uint8Array(MAX_STATEMENT_BYTES + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect(await checkStatement(new File([big], 'big.pdf'))).toBe('STATEMENT_TOO_LARGE');
  });
});

describe('verified loan fields', () => {
  it('are shown as money, rates, days and loan types', () => {
    expect(formatVerifiedField(t, 'loanBalance', 310000, 'en')).toBe('$310,000');
    expect(formatVerifiedField(t, 'interestRate', 2.75, 'en')).toBe('2.75%');
    expect(formatVerifiedField(t, 'loanMaturityDate', '2051-06-01', 'en')).toBe('Jun 1, 2051');
    expect(formatVerifiedField(t, 'loanType', 'FHA', 'en')).toBe('dealCommon.loanType.FHA');
    expect(formatVerifiedField(t, 'piti', null, 'en')).toBe('—');
  });
});
