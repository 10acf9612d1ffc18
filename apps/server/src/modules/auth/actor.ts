import type { UserType } from '@bantay/shared';

/** The authenticated caller of a request or socket. */
export interface Actor {
  id: string;
  userType: UserType;
  sessionId: string;
  /** Signed in with a one-time password not yet replaced: only the password change is open. */
  mustChangePassword?: boolean;
  /** The caller's address, for the audit log; absent on sockets and jobs. */
  ip?: string | null;
}
