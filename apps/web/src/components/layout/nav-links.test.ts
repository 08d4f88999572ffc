import { describe, expect, it } from 'vitest';
import { headerLinks } from './nav-links';

const targets = (links: { to: string }[]) => links.map((l) => l.to);

describe('headerLinks', () => {
  it('offers Login and Sign up when signed out', () => {
    expect(targets(headerLinks(null).main)).toEqual(['/auth', '/signup']);
    expect(headerLinks(null).account).toEqual([]);
  });

  it('gives a buyer Listings and Help only', () => {
    const links = headerLinks({ roles: ['buyer'] });
    expect(targets(links.main)).toEqual(['/deals', '/help']);
    expect(targets(links.account)).toEqual(['/profile', '/chat', '/help']);
  });

  it('adds Dashboard, Buyers and Owners Club for seller-side roles', () => {
    for (const role of ['originator', 'owner'] as const) {
      expect(targets(headerLinks({ roles: [role] }).main)).toEqual([
        '/deals',
        '/dashboard',
        '/buyers',
        '/owners',
        '/help',
      ]);
    }
  });

  it('shows the Admin panel in the account menu for admins only', () => {
    expect(targets(headerLinks({ roles: ['admin'] }).account)).toContain('/admin');
    expect(targets(headerLinks({ roles: ['owner', 'buyer'] }).account)).not.toContain('/admin');
  });
});
