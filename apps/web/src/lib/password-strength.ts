import { LIMITS } from '@bantay/shared/limits';
import { PASSWORD_MESSAGES } from '@bantay/shared/limits';

type StrengthScore = 0 | 1 | 2 | 3 | 4;
export type StrengthCheck = (password: string, userInputs?: readonly (string | null | undefined)[]) => StrengthScore;

/** The server refuses a password zxcvbn scores under this (docs/product.md §4.12, "common passwords"). */
export const MIN_STRENGTH_SCORE = 2;

let checker: StrengthCheck | undefined;
let loading: Promise<StrengthCheck> | undefined;

/**
 * zxcvbn with its common-password and keyboard lists, the same judge the server uses. Its
 * dictionaries weigh several hundred KB, so they are fetched only by the forms that set a
 * password, after those have painted, never with a page.
 */
export function loadStrengthCheck(): Promise<StrengthCheck> {
  loading ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')])
    .then(([core, common]) => {
      const factory = new core.ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
      checker = (password, userInputs = []) =>
        factory.check(
          password,
          userInputs.filter((value): value is string => Boolean(value)),
        ).score as StrengthScore;
      return checker;
    })
    .catch((error: unknown) => {
      // The meter stays silent and the server still checks; the next form may try again.
      loading = undefined;
      throw error;
    });
  return loading;
}

/** The check if it has arrived, for synchronous form validation. */
export function loadedStrengthCheck(): StrengthCheck | undefined {
  return checker;
}

/**
 * The form rule for a new password: the shared length limits, and the common-password verdict
 * once the dictionaries are here (the server gives the same message either way).
 */
export function newPasswordProblem(password: string, userInputs: readonly (string | null | undefined)[] = []): string | null {
  if (password === '') return PASSWORD_MESSAGES.required;
  if (password.length < LIMITS.passwordMinLength) return PASSWORD_MESSAGES.tooShort;
  if (password.length > LIMITS.passwordMaxLength) return PASSWORD_MESSAGES.tooLong;
  const check = loadedStrengthCheck();
  if (check && check(password, userInputs) < MIN_STRENGTH_SCORE) return PASSWORD_MESSAGES.tooCommon;
  return null;
}
