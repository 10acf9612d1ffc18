import { afterEach, describe, expect, it } from 'vitest';
import { appEntryPath } from './pwa-start.ts';
import { homeFor } from './role-home.ts';

afterEach(() => localStorage.clear());

function signedIn(userType: string) {
  localStorage.setItem('token', 'header.eyJpZCI6InUxIn0.signature');
  localStorage.setItem('userType', userType);
}

describe('where the installed app opens (its start URL, /?source=pwa)', () => {
  it('takes signed-in staff to their role’s home, the page they reach by signing in', () => {
    for (const userType of ['tanod', 'admin', 'supadmin'] as const) {
      signedIn(userType);
      expect(appEntryPath('/?source=pwa')).toBe(homeFor(userType));
    }
    expect(homeFor('tanod')).toBe('/Dashboard');
    expect(homeFor('admin')).toBe('/Admindashboard');
  });

  it('leaves residents, visitors and every other address where they are', () => {
    expect(appEntryPath('/?source=pwa')).toBeNull();
    signedIn('resident');
    expect(appEntryPath('/?source=pwa')).toBeNull();
    signedIn('tanod');
    expect(appEntryPath('/')).toBeNull();
    expect(appEntryPath('/Reportincidents?source=pwa')).toBeNull();
    expect(appEntryPath('/Patrol&incidenttracking?incident=1')).toBeNull();
    localStorage.removeItem('token');
    expect(appEntryPath('/?source=pwa')).toBeNull();
  });
});
