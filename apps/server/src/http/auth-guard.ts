import type { FastifyRequest } from 'fastify';
import type { UserType } from '@bantay/shared';
import type { AppDeps } from '../deps.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { Actor } from '../modules/auth/actor.ts';
import { authenticateToken } from '../modules/auth/auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export interface AuthOptions {
  /**
   * Admits an account that signed in with a one-time password and has not chosen its own yet
   * (issue 13). Only the calls that lead to the password change set it; every other call answers
   * 403 password_change_required until then.
   */
  whilePasswordChangeRequired?: boolean;
}

/**
 * A preHandler that admits only callers with a live session and, when given, one of the roles.
 * Routes then read the caller with `actorOf(request)`.
 */
export function requireAuth(deps: AppDeps, allowed?: readonly UserType[], options: AuthOptions = {}) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
    const result = await authenticateToken(deps, token);
    if (!result) throw new AppError('UNAUTHENTICATED', 'Your session has expired. Please sign in again.');
    if (allowed && !allowed.includes(result.actor.userType)) throw forbidden();
    if (result.actor.mustChangePassword && !options.whilePasswordChangeRequired) {
      throw new AppError('password_change_required', 'Choose a new password before you continue');
    }
    request.actor = { ...result.actor, ip: request.ip ?? null };
  };
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', 'Sign in to continue');
  return request.actor;
}

export const STAFF: readonly UserType[] = ['tanod', 'admin', 'supadmin'];
export const ADMINS: readonly UserType[] = ['admin', 'supadmin'];

export function requestMeta(request: FastifyRequest) {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}
