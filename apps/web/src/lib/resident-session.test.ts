import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetMyReports, loadMyReports } from './my-reports.ts';
import { dropResidentSession, leaveAsResident, readResidentSession, startResidentSession } from './resident-session.ts';
import { notify } from './toast.ts';

vi.mock('./toast.ts', () => ({ notify: { error: vi.fn(), success: vi.fn(), info: vi.fn(), warning: vi.fn() } }));

const SIGNED_IN = { token: 'resident-token', userType: 'resident' as const, userId: 'r-1' };

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

beforeEach(() => {
  localStorage.clear();
  forgetMyReports();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(notify.error).mockClear();
});

describe('the resident session in browser storage', () => {
  it('a resident sign-in is stored like the staff one (token, userType, userId)', () => {
    startResidentSession(SIGNED_IN);
    expect(localStorage.getItem('token')).toBe('resident-token');
    expect(localStorage.getItem('userType')).toBe('resident');
    expect(localStorage.getItem('userId')).toBe('r-1');
    const session = readResidentSession();
    expect(session).toEqual({ token: 'resident-token', userId: 'r-1' });
    expect(readResidentSession()).toBe(session);
  });

  it('a staff token is not a resident session', () => {
    startResidentSession({ ...SIGNED_IN, userType: 'tanod' });
    expect(readResidentSession()).toBeNull();
  });

  it('Back clears local storage (docs/product.md §A2) and ends the session on the server', () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal('fetch', fetchMock);
    startResidentSession(SIGNED_IN);
    localStorage.setItem('theme', 'dark');
    leaveAsResident();
    expect(localStorage.length).toBe(0);
    expect(readResidentSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/logout', expect.objectContaining({ method: 'POST' }));
    const headers = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer resident-token');
  });

  it('a refused token is dropped, keeping the theme', () => {
    startResidentSession(SIGNED_IN);
    localStorage.setItem('theme', 'dark');
    dropResidentSession();
    expect(readResidentSession()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});

describe('my reports', () => {
  it('a 401 from /api/residents/me/reports signs the resident out here', async () => {
    vi.stubGlobal('fetch', answer(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in again' } }));
    startResidentSession(SIGNED_IN);
    await loadMyReports('resident-token');
    expect(readResidentSession()).toBeNull();
    expect(notify.error).toHaveBeenCalledWith('Session expired. Please log in again.');
  });

  it('another failure keeps the resident signed in', async () => {
    vi.stubGlobal('fetch', answer(500, { error: { code: 'INTERNAL', message: 'boom' } }));
    startResidentSession(SIGNED_IN);
    await loadMyReports('resident-token');
    expect(readResidentSession()).not.toBeNull();
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('two asks at once make one call', async () => {
    const fetchMock = answer(200, { reports: [] });
    vi.stubGlobal('fetch', fetchMock);
    startResidentSession(SIGNED_IN);
    await Promise.all([loadMyReports('resident-token'), loadMyReports('resident-token')]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
