import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { destinationAfterLogin } from './navigation.ts';
import { loggingInFlag, LOGGING_IN_FLAG_MS, storedUserId } from './storage.ts';

/** A JWT-shaped token whose payload carries `id`, like the server's (signature not checked here). */
function tokenFor(id: string): string {
  const payload = btoa(JSON.stringify({ id })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-25T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the logging-in flag', () => {
  it('reads as set on the page that set it, and as absent once 1000 ms have passed even if no timer cleared it', () => {
    loggingInFlag.set();
    expect(loggingInFlag.isSet()).toBe(true);
    vi.advanceTimersByTime(LOGGING_IN_FLAG_MS - 1);
    expect(loggingInFlag.isSet()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(loggingInFlag.isSet()).toBe(false);
    // The expired flag is tidied away rather than left in storage.
    expect(localStorage.getItem('isCurrentlyLoggingIn')).toBeNull();
  });

  it('a flag left by an earlier page reads as absent, however fresh it is', () => {
    localStorage.setItem('isCurrentlyLoggingIn', JSON.stringify({ page: 'an-earlier-page', at: Date.now() }));
    expect(loggingInFlag.isSet()).toBe(false);
  });

  it('the old never-expiring "true" reads as absent and is removed', () => {
    localStorage.setItem('isCurrentlyLoggingIn', 'true');
    expect(loggingInFlag.isSet()).toBe(false);
    expect(localStorage.getItem('isCurrentlyLoggingIn')).toBeNull();
  });

  it('a clock moved back before the flag was set does not keep it alive', () => {
    loggingInFlag.set();
    vi.setSystemTime(Date.now() - 60_000);
    expect(loggingInFlag.isSet()).toBe(false);
  });

  it('clearing removes only this page’s flag', () => {
    const other = JSON.stringify({ page: 'another-tab', at: Date.now() });
    localStorage.setItem('isCurrentlyLoggingIn', other);
    loggingInFlag.clear();
    expect(localStorage.getItem('isCurrentlyLoggingIn')).toBe(other);
    loggingInFlag.set();
    loggingInFlag.clear();
    expect(localStorage.getItem('isCurrentlyLoggingIn')).toBeNull();
  });
});

describe('other stored session values', () => {
  it('the user id comes from the token when a stored id belongs to an earlier user', () => {
    localStorage.setItem('userId', 'earlier-user');
    localStorage.setItem('token', tokenFor('current-user'));
    expect(storedUserId()).toBe('current-user');
    localStorage.removeItem('token');
    expect(storedUserId()).toBe('earlier-user');
  });

  it('a saved destination is followed only when the new user may open it', () => {
    expect(destinationAfterLogin('/Schedule', 'tanod')).toBe('/Schedule');
    expect(destinationAfterLogin('/schedule?week=2', 'tanod')).toBe('/schedule?week=2');
    expect(destinationAfterLogin('/myaccount', 'admin')).toBe('/myaccount');
    expect(destinationAfterLogin('/ManageTanod', 'tanod')).toBe('/Dashboard');
    expect(destinationAfterLogin('/Dashboard', 'supadmin')).toBe('/Admindashboard');
    expect(destinationAfterLogin('/tanod-login', 'tanod')).toBe('/Dashboard');
    expect(destinationAfterLogin(null, 'admin')).toBe('/Admindashboard');
  });
});
