import type { AccountLanguage, ApiKeyScope, UserType } from '@bantay/shared';

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
  /**
   * Set when the caller is an API key acting as the supadmin who made it
   * (docs/decisions/034-the-integration-kit.md): confidential cases and reporters' contacts stay hidden from it.
   */
  apiKey?: { id: string; scopes: readonly ApiKeyScope[] };
}
