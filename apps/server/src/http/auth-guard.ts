import crypto from 'node:crypto';
import { msg } from '@lingui/core/macro';
import type {
  FastifyPluginAsync,
  FastifyPluginCallback,
  FastifyPluginOptions,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  RouteOptions,
} from 'fastify';
import { API_KEY_PREFIX, type ApiKeyScope, type UserType } from '@bantay/shared';
import type { AppDeps } from '../deps.ts';
import { AppError, forbidden } from '../lib/app-error.ts';
import type { Actor } from './actor.ts';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

/**
 * Resolves a bearer token to its caller, or null when its session is not live. It is auth's
 * `authenticateToken`, handed to the guard and the sockets by the composition root (AppDeps.links):
 * http/ sits below the modules and imports none.
 */
export type Authenticate = (deps: AppDeps, token: string) => Promise<{ actor: Actor } | null>;

/**
 * Resolves an API key (`bty_…`) to the supadmin it acts for and its scopes, or null when it is
 * unknown or revoked: api-keys' `authenticateApiKey`, handed in by the composition root as above.
 */
export type AuthenticateApiKey = (deps: AppDeps, key: string, ip: string | null) => Promise<{ actor: Actor; scopes: readonly ApiKeyScope[] } | null>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one call of an API key against API_KEY_RATE_LIMIT_PER_MINUTE, in the store of every
     * other limit (http/rate-limit-store.ts); decorated by buildApp (app.ts).
     */
    apiKeyRateLimit(request: FastifyRequest): Promise<{ isAllowed: true } | { isAllowed: false; isExceeded: boolean; ttlInSeconds: number }>;
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
   *. Only the calls that lead to the password change set it; every other call answers
   * 403 password_change_required until then.
   */
  whilePasswordChangeRequired?: boolean;
  /**
   * Admits an API key holding this scope (docs/decisions/034-the-integration-kit.md). Without it,
   * the route refuses every key (403), whatever its scopes.
   */
  keyScope?: ApiKeyScope;
}

/**
 * Who may call a route, as the route itself declares it (decision 025). Every route carries one:
 * the hook `requireAuth` returns carries the roles it admits, and a route anyone may call says so
 * with `publicRoute`. The route × role test (test/route-matrix.test.ts) reads the declarations of
 * every registered route, fails on a route without one, and calls each route as every role.
 */
export type RouteAccess =
  | { kind: 'public' }
  /**
   * An outside service's webhook (docs/decisions/032-the-text-line.md): no session admits it, only
   * the provider's signature (`scheme` names it); every caller without one is refused 401.
   */
  | { kind: 'signature'; scheme: string }
  /**
   * An address that is its own key (a calendar feed: docs/decisions/034-the-integration-kit.md): a
   * phone's calendar sends no header, so no session or API key admits it, only the secret in the
   * path (`scheme` names it). Every caller without a live one is answered 404, as if it never was.
   */
  | { kind: 'secret-url'; scheme: string }
  | {
      kind: 'signed-in';
      /** Every role when no list was given: any live session may call the route. */
      roles: readonly UserType[];
      whilePasswordChangeRequired: boolean;
      /** The scope an API key needs to call the route; null when no key may. */
      keyScope: ApiKeyScope | null;
    };

const ROUTE_ACCESS = Symbol.for('bantay.routeAccess');

type Declared<T> = T & { readonly [ROUTE_ACCESS]: RouteAccess };

const EVERY_ROLE: readonly UserType[] = ['resident', 'tanod', 'admin', 'supadmin'];

/**
 * An onRequest hook that admits only callers with a live session and, when given, one of the
 * roles. Routes then read the caller with `actorOf(request)`. Put it in `onRequest`, so that an
 * anonymous caller is refused before the body is parsed or validated and learns nothing from it.
 */
export function requireAuth(deps: AppDeps, allowed?: readonly UserType[], options: AuthOptions = {}) {
  const hook = async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new AppError('UNAUTHENTICATED', msg`Sign in to continue`);
    if (token.startsWith(API_KEY_PREFIX)) {
      request.actor = await admitApiKey(deps, request, token, allowed, options.keyScope);
      return;
    }
    const result = await deps.links.authenticate(deps, token);
    if (!result) throw new AppError('UNAUTHENTICATED', msg`Your session has expired. Please sign in again.`);
    if (allowed && !allowed.includes(result.actor.userType)) throw forbidden();
    if (result.actor.mustChangePassword && !options.whilePasswordChangeRequired) {
      throw new AppError('password_change_required', msg`Choose a new password before you continue`);
    }
    request.actor = { ...result.actor, ip: request.ip ?? null };
  };
  const access: RouteAccess = {
    kind: 'signed-in',
    roles: [...(allowed ?? EVERY_ROLE)],
    whilePasswordChangeRequired: options.whilePasswordChangeRequired ?? false,
    keyScope: options.keyScope ?? null,
  };
  return declare(hook, access);
}

/** The rate limit's key of an API key's call: a hash of the key, never the key itself. */
export function apiKeyRateLimitKey(request: FastifyRequest): string {
  const key = bearerToken(request.headers.authorization) ?? '';
  return `api-key:${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

/**
 * An API key's way through the guard: 401 for an unknown or revoked key, 403 on a route that
 * names no scope or one the key lacks, 429 past the key's rate limit.
 */
async function admitApiKey(
  deps: AppDeps,
  request: FastifyRequest,
  key: string,
  allowed: readonly UserType[] | undefined,
  scope: ApiKeyScope | undefined,
): Promise<Actor> {
  const ip = request.ip ?? null;
  const result = await deps.links.authenticateApiKey(deps, key, ip);
  if (!result) throw new AppError('UNAUTHENTICATED', msg`This API key is not valid or was revoked`);
  if (!scope) throw forbidden(msg`API keys cannot call this route`);
  if (!result.scopes.includes(scope) || (allowed && !allowed.includes(result.actor.userType))) {
    throw forbidden(msg`This API key does not have the scope ${scope}`);
  }
  const count = await request.server.apiKeyRateLimit(request);
  if (!count.isAllowed && count.isExceeded) {
    throw new AppError('RATE_LIMITED', msg`Too many requests with this API key. Try again in a minute.`, { retryAfterSeconds: Math.max(1, count.ttlInSeconds) });
  }
  return { ...result.actor, ip };
}

/**
 * The caller of a public call when it carries a live bearer token, else null. A missing, stale or
 * forged token is treated as anonymous rather than refused: an emergency report must never fail
 * because a phone kept an old session.
 */
export async function optionalActor(deps: AppDeps, request: FastifyRequest): Promise<Actor | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const result = await deps.links.authenticate(deps, token);
  return result?.actor ?? null;
}

/**
 * The declaration of a route anyone may call, signed in or not (sign-in, the public report form,
 * the health check): `onRequest: publicRoute`. It checks nothing; it says the route is public on
 * purpose, so a route that merely forgot its guard stands out.
 */
export const publicRoute = declare(
  (_request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => done(),
  { kind: 'public' },
);

/**
 * The declaration of a webhook that a provider signs (`onRequest: signedRoute(scheme, check)`):
 * `check` reads what it can before the body (a bearer JWT, a timestamp) and throws UNAUTHENTICATED;
 * a signature over the body is checked by the route on the raw bytes before it parses them.
 */
export function signedRoute(scheme: string, check: (request: FastifyRequest) => Promise<void> | void) {
  const hook = async (request: FastifyRequest): Promise<void> => {
    await check(request);
  };
  return declare(hook, { kind: 'signature', scheme });
}

/**
 * The declaration of an address whose secret is in its path (`onRequest: secretUrlRoute(scheme)`):
 * nothing is sent to check before the route runs, so the route looks the secret up itself and
 * answers 404 for any it does not know.
 */
export function secretUrlRoute(scheme: string) {
  return declare((_request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => done(), { kind: 'secret-url', scheme });
}

/**
 * Registers a plugin whose routes are all public (the built web app's files) and
 * takes no hooks of its own: each route it adds gets `publicRoute`, in a scope of its own, so
 * nothing else is touched.
 */
export function everyRoutePublic<Options extends FastifyPluginOptions>(
  plugin: FastifyPluginAsync<Options> | FastifyPluginCallback<Options>,
): FastifyPluginAsync<Options> {
  return async (scope, options) => {
    scope.addHook('onRoute', (route: RouteOptions) => {
      const hooks = Array.isArray(route.onRequest) ? route.onRequest : route.onRequest ? [route.onRequest] : [];
      route.onRequest = [publicRoute, ...hooks];
    });
    await scope.register(plugin as FastifyPluginAsync<Options>, options);
  };
}

function declare<T extends object>(hook: T, access: RouteAccess): Declared<T> {
  return Object.assign(hook, { [ROUTE_ACCESS]: access });
}

/** The declaration among some hooks (a route's `onRequest` or `preHandler`, one or a list), if any. */
export function declaredAccess(hooks: unknown): RouteAccess | null {
  const list: unknown[] = Array.isArray(hooks) ? hooks : hooks ? [hooks] : [];
  for (const hook of list) {
    if (typeof hook === 'function' && ROUTE_ACCESS in hook) return (hook as Declared<object>)[ROUTE_ACCESS];
  }
  return null;
}

export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('UNAUTHENTICATED', msg`Sign in to continue`);
  return request.actor;
}

export const STAFF: readonly UserType[] = ['tanod', 'admin', 'supadmin'];
export const ADMINS: readonly UserType[] = ['admin', 'supadmin'];

export function requestMeta(request: FastifyRequest) {
  return { ip: request.ip ?? null, userAgent: request.headers['user-agent']?.slice(0, 300) ?? null };
}
