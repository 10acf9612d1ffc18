import type { AccountLanguage, UserType } from '@bantay/shared';

/** The authenticated caller of a request or socket. */
export interface Actor {
  id: string;
  userType: UserType;
  sessionId: string;
  /** Signed in with a one-time password not yet replaced: only the password change is open. */
  mustChangePassword?: boolean;
  /**
   * The language kept on the account (docs/product.md §12), null until one was chosen: a request
   * whose browser sends no choice of its own is answered in it. Absent on sockets and jobs.
   */
  language?: AccountLanguage | null;
  /** The caller's address, for the audit log; absent on sockets and jobs. */
  ip?: string | null;
}
