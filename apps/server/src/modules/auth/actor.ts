import type { UserType } from '@bantay/shared';

/** The authenticated caller of a request or socket. */
export interface Actor {
  id: string;
  userType: UserType;
  sessionId: string;
}
