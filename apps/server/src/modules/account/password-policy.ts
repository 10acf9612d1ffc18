import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { MessageDescriptor } from '@lingui/core';
import * as common from '@zxcvbn-ts/language-common';
import { LIMITS, PASSWORD_DESCRIPTORS } from '@bantay/shared';

let factory: ZxcvbnFactory | undefined;

/**
 * docs/product.md §4.12: at least 10 characters and not a common password. "Common" is zxcvbn's
 * judgement with its common-password and keyboard-pattern lists plus the user's own details
 * (a name or username as the password is as weak as "password"): a score under 2 is refused.
 * The dictionaries are large, so this check runs on the server only; the web shows the same
 * messages and its own meter. The problem is the marked message, not its translation, so an
 * AppError built from it keeps its English `message` for the log and answers in the request's
 * language (decision 029).
 */
export function passwordProblem(password: string, userInputs: (string | null | undefined)[] = []): MessageDescriptor | null {
  if (password.length < LIMITS.passwordMinLength) return PASSWORD_DESCRIPTORS.tooShort;
  if (password.length > LIMITS.passwordMaxLength) return PASSWORD_DESCRIPTORS.tooLong;
  factory ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });
  const inputs = userInputs.filter((value): value is string => Boolean(value));
  return factory.check(password, inputs).score < 2 ? PASSWORD_DESCRIPTORS.tooCommon : null;
}
