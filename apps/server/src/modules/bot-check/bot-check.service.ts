import { msg } from '@lingui/core/macro';
import type { AltchaChallenge, BotCheckConfig } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { OutsideServiceError } from '../../adapters/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { rememberSolution } from './bot-check.repository.ts';

export const CHALLENGE_PATH = '/api/bot-check/challenge';

export function getBotCheckConfig(deps: AppDeps): BotCheckConfig {
  const { botCheck } = deps;
  return {
    provider: botCheck.provider,
    siteKey: botCheck.siteKey,
    challengeUrl: botCheck.provider === 'altcha' ? CHALLENGE_PATH : null,
  };
}

export async function createBotCheckChallenge(deps: AppDeps): Promise<AltchaChallenge> {
  const challenge = await deps.botCheck.createChallenge();
  const provider = deps.botCheck.provider;
  if (!challenge) throw new AppError('NOT_FOUND', msg`The bot check in use (${provider}) has no challenge endpoint`);
  return { parameters: { ...challenge.parameters }, signature: challenge.signature };
}

/**
 * The guard of every protected public call (2FA codes here; resident sign-up and incident reports
 * later): throws BOT_CHECK_FAILED unless `payload` is a valid, unexpired, unused solution.
 * A payload is accepted once only, across instances (the used ones are kept in the database).
 */
export async function verifyBotCheck(deps: AppDeps, payload: string | undefined, ip: string | null): Promise<void> {
  if (!payload) throw new AppError('BOT_CHECK_FAILED', msg`Please complete the bot check.`, { fields: [{ field: 'botCheck', message: msg`Bot check is required` }] });
  let outcome;
  try {
    outcome = await deps.botCheck.verify(payload, ip);
  } catch (error) {
    if (error instanceof OutsideServiceError) {
      const failure = new AppError('UPSTREAM_FAILED', msg`The bot check is not available right now. Please try again later.`);
      failure.cause = error;
      throw failure;
    }
    throw error;
  }
  if (!outcome.ok) {
    const message = outcome.reason === 'expired' ? msg`The bot check expired. Please try again.` : msg`The bot check failed. Please try again.`;
    throw new AppError('BOT_CHECK_FAILED', message, { fields: [{ field: 'botCheck', message }] });
  }
  if (outcome.once && !(await rememberSolution(deps.db, outcome.once.key, outcome.once.until, deps.clock.now()))) {
    const message = msg`This bot check was already used. Please try again.`;
    throw new AppError('BOT_CHECK_FAILED', message, { fields: [{ field: 'botCheck', message }] });
  }
}
