import type { UserType } from '@bantay/shared';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface GuardInput {
  status: SessionStatus;
  isLoggingIn: boolean;
  userType: UserType | null;
  hasToken: boolean;
  allowed: readonly UserType[] | 'any-signed-in';
}

export type GuardDecision =
  | { kind: 'wait' }
  | { kind: 'render' }
  | { kind: 'login'; toast: 'expired' | null }
  | { kind: 'deny'; redirectTo: string };

/** Supadmin counts as admin for page access (docs/product.md §A6). */
function roleAllowed(userType: UserType | null, allowed: GuardInput['allowed']): boolean {
  if (!userType) return false;
  if (allowed === 'any-signed-in') return true;
  if (allowed.includes(userType)) return true;
  return userType === 'supadmin' && allowed.includes('admin');
}

/** The route guard of docs/product.md §A4, as a pure decision so every branch is testable. */
export function decideGuard(input: GuardInput): GuardDecision {
  if (input.status === 'loading') return { kind: 'wait' };
  if (input.isLoggingIn) return { kind: 'render' };
  const signedIn = input.status === 'authenticated' && input.hasToken;
  if (!signedIn) {
    // The session has ended (or never began): save the path and send the user to sign in.
    return { kind: 'login', toast: input.hasToken ? 'expired' : null };
  }
  if (roleAllowed(input.userType, input.allowed)) return { kind: 'render' };
  return { kind: 'deny', redirectTo: input.userType === 'supadmin' ? '/admindashboard' : '/' };
}
