import { describe, expect, it } from 'vitest';
import { isSellerSide, primaryRole, rolesFromGroups } from './roles';

describe('primaryRole', () => {
  it('follows the priority admin, owner, originator, buyer', () => {
    expect(primaryRole(['buyers', 'originator', 'owners'])).toBe('owner');
    expect(primaryRole(['buyer', 'admin'])).toBe('admin');
    expect(primaryRole(['originators', 'buyer'])).toBe('originator');
  });

  it('defaults to buyer when no group is recognised', () => {
    expect(primaryRole([])).toBe('buyer');
    expect(primaryRole(['staff'])).toBe('buyer');
  });
});

describe('rolesFromGroups', () => {
  it('accepts singular and plural group names in any case', () => {
    expect(rolesFromGroups(['Buyers', 'ORIGINATORS'])).toEqual(['originator', 'buyer']);
  });
});

describe('isSellerSide', () => {
  it('is true for originator, owner and admin only', () => {
    expect(isSellerSide(['buyer'])).toBe(false);
    expect(isSellerSide(['buyer', 'originator'])).toBe(true);
    expect(isSellerSide(['owner'])).toBe(true);
    expect(isSellerSide(['admin'])).toBe(true);
  });
});
