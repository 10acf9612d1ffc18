/**
 * auth's door (docs/architecture.md, "The dependency rule"): sign-in sessions as other
 * modules use them. The session table itself stays behind it.
 */
export { authenticateToken, openSession, revokeUserSessions, type RequestMeta } from './auth.service.ts';
export type { SignInSteps } from './sign-in-steps.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { authRoutes } from './auth.routes.ts';
export { type TokenService, createTokenService, resolveJwtSecret } from './tokens.ts';
export { SessionCache } from './session-cache.ts';
export { ensureSupadmin } from './auth.service.ts';
