import { afterEach, describe, expect, it } from 'vitest';
import { rememberDashboardMode, storedDashboardMode } from './dashboard-mode';

afterEach(() => localStorage.clear());

describe('the remembered dashboard mode', () => {
  it('opens in the first mode allowed until one is chosen', () => {
    expect(storedDashboardMode('u1', ['buying', 'selling'])).toBe('buying');
    expect(storedDashboardMode('u1', [])).toBeNull();
  });

  it('keeps the choice per user', () => {
    rememberDashboardMode('u1', 'selling');
    expect(storedDashboardMode('u1', ['buying', 'selling'])).toBe('selling');
    expect(storedDashboardMode('u2', ['buying', 'selling'])).toBe('buying');
  });

  it('ignores a choice the roles no longer allow', () => {
    rememberDashboardMode('u1', 'selling');
    expect(storedDashboardMode('u1', ['buying'])).toBe('buying');
  });
});
