/** bot-check's door (docs/architecture.md, "The dependency rule"): the ALTCHA check of the public forms. */
export { createBotCheckChallenge, verifyBotCheck } from './bot-check.service.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { botCheckRoutes } from './bot-check.routes.ts';
