import type { LoginResponse } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { UserRow } from '../../db/schema/index.ts';

/**
 * The step of a staff sign-in that another module takes once the password is right. auth declares
 * it and the composition root fills it (deps.ts, `links`): two-factor opens its session through
 * auth's door, so auth importing two-factor back would close a circle (docs/architecture.md,
 * "The dependency rule").
 */
export interface SignInSteps {
  /** The account has two-factor sign-in: the SMS code goes out and the answer is the challenge. */
  startLoginChallenge(deps: AppDeps, user: UserRow): Promise<LoginResponse>;
}
