/** two-factor's door (docs/architecture.md, "The dependency rule"): the SMS step of a staff sign-in. */
export { startLoginChallenge } from './two-factor.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { twoFactorRoutes } from './two-factor.routes.ts';
