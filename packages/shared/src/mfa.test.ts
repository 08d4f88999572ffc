import { describe, expect, it } from 'vitest';
import { groupedSecret, mfaRequiredFor, otpauthUri } from './mfa';

describe('two-step sign-in', () => {
  it('builds the otpauth URI authenticator apps read, the account and issuer encoded', () => {
    expect(otpauthUri('ana+deals@example.com', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/DealClub:ana%2Bdeals%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=DealClub&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('shows the key in groups of four', () => {
    expect(groupedSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
  });

  it('requires it of a user holding any required role', () => {
    expect(mfaRequiredFor(['buyer', 'owner'], ['admin', 'owner'])).toBe(true);
    expect(mfaRequiredFor(['buyer'], ['admin', 'owner'])).toBe(false);
    expect(mfaRequiredFor(['admin'], [])).toBe(false);
  });
});
