import { describe, expect, it } from 'vitest';
import {
  isProfileTab,
  needsProfileRedirect,
  PROFILE_TABS,
  profileTabFor,
  requiredProfileParts,
  type ProfileState,
} from './profile';

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

describe('requiredProfileParts and the missing part', () => {
  it('asks everyone for names and phone, then each role for its own part', () => {
    expect(requiredProfileParts(['admin'])).toEqual(['basics']);
    expect(requiredProfileParts(['buyer'])).toEqual(['basics', 'buyerPreferences']);
    expect(requiredProfileParts(['owner'])).toEqual(['basics', 'buyBox']);
    expect(requiredProfileParts(['originator'])).toEqual(['basics', 'sellerPreferences']);
    expect(requiredProfileParts(['buyer', 'originator'])).toEqual([
      'basics',
      'buyerPreferences',
      'sellerPreferences',
    ]);
  });

  it('sends a hybrid user who saved buyer preferences on to seller preferences', () => {
    const hybrid = user({ roles: ['buyer', 'originator'], missingProfileParts: ['sellerPreferences'] });
    expect(profileTabFor(hybrid)).toBe('seller-preferences');
    expect(profileTabFor(user({ roles: ['buyer', 'originator'], missingProfileParts: [] }))).toBe(
      'preferences',
    );
  });

  it('knows the tab values of the redirect and of the tabs', () => {
    expect(PROFILE_TABS).toEqual(
      expect.arrayContaining(['profile', 'buybox', 'preferences', 'seller-preferences']),
    );
    expect(isProfileTab('settings')).toBe(true);
    expect(isProfileTab('buyer-preferences')).toBe(false);
  });
});
