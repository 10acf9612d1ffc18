import { decodeJwt } from 'jose';
import type { RealtimeRefusal } from '@bantay/shared';
import type { AppDeps } from '../deps.ts';
import { bearerToken } from '../http/auth-guard.ts';
import type { RealtimeSocket } from './types.ts';

/** The token of a handshake: `auth: { token }` (browsers) or an `Authorization: Bearer` header. */
function handshakeToken(handshake: RealtimeSocket['handshake']): string | null {
  const auth = handshake.auth as Record<string, unknown> | undefined;
  if (typeof auth?.token === 'string' && auth.token.trim()) return auth.token.trim().replace(/^Bearer\s+/i, '');
  return bearerToken(handshake.headers.authorization);
}

/** An error for socket.io's `next()`: the client sees `message` and `data` on `connect_error`. */
function refusal(code: RealtimeRefusal['code'], message: string): Error & { data: RealtimeRefusal } {
  return Object.assign(new Error(message), { data: { code } });
}

export const REFUSALS = {
  noToken: () => refusal('UNAUTHENTICATED', 'Sign in to continue'),
  notLive: () => refusal('UNAUTHENTICATED', 'Your session has expired. Please sign in again.'),
  notStaff: () => refusal('FORBIDDEN', 'Live updates are for staff only'),
  passwordChangeRequired: () => refusal('FORBIDDEN', 'Choose a new password before you continue'),
  unavailable: () => refusal('UNAVAILABLE', 'Live updates are unavailable. Please try again.'),
};

export type HandshakeResult =
  | { ok: true; data: RealtimeSocket['data']; token: string; expiresAt: Date | null }
  | { ok: false; error: Error };

/**
 * The same check as every HTTP request (a live session of an active user who has chosen their own
 * password), plus: only staff get a socket (docs/product.md §A6: live notifications connect only for non-residents).
 */
export async function authenticateHandshake(deps: AppDeps, handshake: RealtimeSocket['handshake']): Promise<HandshakeResult> {
  const token = handshakeToken(handshake);
  if (!token) return { ok: false, error: REFUSALS.noToken() };
  const result = await deps.links.authenticate(deps, token);
  if (!result) return { ok: false, error: REFUSALS.notLive() };
  const { actor } = result;
  if (actor.userType === 'resident') return { ok: false, error: REFUSALS.notStaff() };
  // Like every HTTP call but the password change itself: no live data until then.
  if (actor.mustChangePassword) return { ok: false, error: REFUSALS.passwordChangeRequired() };
  // The token is verified above; its expiry is the session's, so the socket can end with it.
  const exp = decodeJwt(token).exp;
  return {
    ok: true,
    token,
    expiresAt: exp ? new Date(exp * 1000) : null,
    data: { userId: actor.id, userType: actor.userType, sessionId: actor.sessionId },
  };
}
