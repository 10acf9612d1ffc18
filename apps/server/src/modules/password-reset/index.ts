/** password-reset's door (docs/architecture.md, "The dependency rule"): the set-your-password link of a new or reset account. */
export { sendPasswordSetupLink } from './password-reset.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { passwordResetRoutes } from './password-reset.routes.ts';
