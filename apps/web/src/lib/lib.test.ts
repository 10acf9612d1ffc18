import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardInput } from './guard.ts';
import { homeFor, labelToPath, menuFor } from './navigation.ts';
import { isPublicPath } from './public-routes.ts';
import { initialTheme, applyTheme } from './theme-choice.ts';
import { userIdFromToken } from './storage.ts';

describe('the label → path rule', () => {
  it.each([
    ['Dashboard', '/Dashboard'],
    ['DashBoard', '/Dashboard'],
    ['Patrol Map', '/Patrolmap'],
    ['Report Incidents', '/Reportincidents'],
    ['Tanod Evaluation', '/Tanodevaluation'],
    ['Admin Dashboard', '/Admindashboard'],
    ['Manage Patrol Schedules', '/Managepatrolschedules'],
    ['Patrol & Incident Tracking', '/Patrol&incidenttracking'],
  ])('%s gives %s', (label, path) => {
    expect(labelToPath(label)).toBe(path);
  });

  it('menus follow the brief per user type', () => {
    expect(menuFor('tanod').map((m) => m.label)).toEqual(['DashBoard', 'Patrol Map', 'Schedule', 'Performance', 'Equipments']);
    expect(menuFor('resident').map((m) => m.label)).toEqual(['Home', 'Report Incidents', 'Tanod Evaluation', 'My Account']);
    expect(menuFor('admin')).toEqual(menuFor('supadmin'));
    expect(menuFor('admin').map((m) => m.path)).toEqual([
      '/Admindashboard',
      '/Managetanod',
      '/Managepatrolschedules',
      '/Patrol&incidenttracking',
      '/Resources',
    ]);
    expect(menuFor(null)).toEqual([]);
  });

  it('each role has a home', () => {
    expect(homeFor('tanod')).toBe('/Dashboard');
    expect(homeFor('admin')).toBe('/Admindashboard');
    expect(homeFor('supadmin')).toBe('/Admindashboard');
    expect(homeFor('resident')).toBe('/');
  });
});

describe('public routes', () => {
  it.each(['/', '/tanod-login', '/signup', '/resident-signup', '/Tanodevaluation', '/tanodevaluation', '/Reportincidents', '/forgot-password'])(
    '%s is public',
    (path) => expect(isPublicPath(path)).toBe(true),
  );
  it.each(['/reset-password/abc123', '/reset-pin/xyz', '/reset-passwordXYZ'])('%s is public (token suffix)', (path) =>
    expect(isPublicPath(path)).toBe(true),
  );
  it.each(['/Dashboard', '/myaccount', '/Admindashboard', '/signup/extra', '/tanod-login/x', '/nope'])('%s is not public', (path) =>
    expect(isPublicPath(path)).toBe(false),
  );
});

describe('the route guard', () => {
  const base: GuardInput = { status: 'authenticated', isLoggingIn: false, userType: 'tanod', hasToken: true, allowed: ['tanod'] };

  it('shows nothing while the session loads', () => {
    expect(decideGuard({ ...base, status: 'loading' })).toEqual({ kind: 'wait' });
  });
  it('shows the page while a login is in progress', () => {
    expect(decideGuard({ ...base, status: 'unauthenticated', isLoggingIn: true })).toEqual({ kind: 'render' });
  });
  it('shows the page for an allowed role with a token', () => {
    expect(decideGuard(base)).toEqual({ kind: 'render' });
  });
  it('counts supadmin as admin', () => {
    expect(decideGuard({ ...base, userType: 'supadmin', allowed: ['admin'] })).toEqual({ kind: 'render' });
  });
  it('sends a signed-out visitor to sign in without a toast', () => {
    expect(decideGuard({ ...base, status: 'unauthenticated', hasToken: false, userType: null })).toEqual({ kind: 'login', toast: null });
  });
  it('warns that the session expired when a token is still stored', () => {
    expect(decideGuard({ ...base, status: 'unauthenticated', hasToken: true })).toEqual({ kind: 'login', toast: 'expired' });
  });
  it('denies a wrong role and sends it home', () => {
    expect(decideGuard({ ...base, allowed: ['admin'] })).toEqual({ kind: 'deny', redirectTo: '/' });
  });
  it('sends a denied supadmin to the admin dashboard', () => {
    expect(decideGuard({ ...base, userType: 'supadmin', allowed: ['tanod'] })).toEqual({ kind: 'deny', redirectTo: '/admindashboard' });
  });
  it('lets any signed-in user through to shared pages', () => {
    expect(decideGuard({ ...base, userType: 'admin', allowed: 'any-signed-in' })).toEqual({ kind: 'render' });
  });
});

describe('the theme at start', () => {
  it('prefers the stored choice', () => {
    expect(initialTheme('light', true)).toBe('light');
    expect(initialTheme('dark', false)).toBe('dark');
  });
  it('falls back to the system preference, then light', () => {
    expect(initialTheme(null, true)).toBe('dark');
    expect(initialTheme(null, false)).toBe('light');
    expect(initialTheme('purple', false)).toBe('light');
  });
  it('applies a dark-mode or light-mode class to the page', () => {
    const root = document.createElement('html');
    applyTheme('dark', root);
    expect(root.classList.contains('dark-mode')).toBe(true);
    applyTheme('light', root);
    expect(root.classList.contains('dark-mode')).toBe(false);
    expect(root.classList.contains('light-mode')).toBe(true);
  });
});

describe('the user id from a token', () => {
  it('reads the id field of the payload', () => {
    const payload = btoa(JSON.stringify({ id: 'user-1' })).replace(/=+$/, '');
    expect(userIdFromToken(`h.${payload}.s`)).toBe('user-1');
    expect(userIdFromToken('not-a-token')).toBeNull();
  });
});
