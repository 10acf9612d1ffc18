/** account's door (docs/architecture.md, "The dependency rule"): what a resident's own pages share with staff accounts. */
export { setAccountLanguage, updateAccountPhoto } from './account.service.ts';
export { passwordProblem } from './password-policy.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { accountRoutes } from './account.routes.ts';
