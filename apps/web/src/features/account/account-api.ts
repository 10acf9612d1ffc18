import { useQuery } from '@tanstack/react-query';
import type { AccountSession, AccountUpdate, CurrentUser } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';

export const SESSIONS_KEY = ['account', 'sessions'] as const;

/** The signed-in user's live sessions, the current one marked. */
export function useAccountSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: async () => (await api<{ sessions: AccountSession[] }>('/api/account/sessions')).sessions,
  });
}

/** PATCH /api/account: only the fields given change; '' clears an optional one. */
export const updateAccount = (changes: AccountUpdate) => api<CurrentUser>('/api/account', { method: 'PATCH', body: changes });

export function uploadPhoto(file: File): Promise<CurrentUser> {
  const form = new FormData();
  form.append('photo', file);
  return api<CurrentUser>('/api/account/photo', { method: 'POST', body: form });
}

export const changePassword = (currentPassword: string, newPassword: string) =>
  api<{ ok: true; sessionsEnded: number }>('/api/account/password', { method: 'POST', body: { currentPassword, newPassword } });

export const endSession = (id: string) => api<{ ok: true }>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
