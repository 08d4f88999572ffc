import { describe, expect, it } from 'vitest';
import { needsProfileRedirect, profileTabFor, type ProfileState } from './profile';

const user = (overrides: Partial<ProfileState>): ProfileState => ({
  firstName: 'Ana',
  lastName: 'Diaz',
  phoneNumber: '5125550100',
  roles: ['buyer'],
  profileComplete: false,
  ...overrides,
});

describe('needsProfileRedirect', () => {
  it('redirects an incomplete profile away from pages that are not exempt', () => {
    expect(needsProfileRedirect('/', user({}))).toBe(true);
    expect(needsProfileRedirect('/deals/1', user({}))).toBe(true);
  });

  it('leaves exempt pages, complete profiles and admins alone', () => {
    for (const path of [
      '/auth',
      '/profile',
      '/verify-email-change',
      '/signup/buyer',
      '/terms',
      '/owners-feedback',
    ]) {
      expect(needsProfileRedirect(path, user({})), path).toBe(false);
    }
    expect(needsProfileRedirect('/', user({ profileComplete: true }))).toBe(false);
    expect(needsProfileRedirect('/', user({ roles: ['admin'] }))).toBe(false);
  });
});

describe('profileTabFor', () => {
  it('asks for the profile tab when a name or the phone is missing, and always for admins', () => {
    expect(profileTabFor(user({ phoneNumber: null, roles: ['owner'] }))).toBe('profile');
    expect(profileTabFor(user({ firstName: ' ' }))).toBe('profile');
    expect(profileTabFor(user({ roles: ['admin'] }))).toBe('profile');
  });

  it('sends owners to the buy box, buyers to preferences, originators to seller preferences', () => {
    expect(profileTabFor(user({ roles: ['owner', 'buyer'] }))).toBe('buybox');
    expect(profileTabFor(user({ roles: ['buyer'] }))).toBe('preferences');
    expect(profileTabFor(user({ roles: ['buyer', 'originator'] }))).toBe('preferences');
    expect(profileTabFor(user({ roles: ['originator'] }))).toBe('seller-preferences');
  });
});
