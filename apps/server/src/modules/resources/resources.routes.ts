import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { inventoryRoutes } from './inventory.routes.ts';
import { loanRoutes } from './loans.routes.ts';
import { reportRoutes } from './report.routes.ts';
import { vehicleRoutes } from './vehicles.routes.ts';

/** Every route of the resources feature: inventory, loans, vehicles, trips and the audit report. */
export async function resourceRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await inventoryRoutes(app, deps);
  await loanRoutes(app, deps);
  await vehicleRoutes(app, deps);
  await reportRoutes(app, deps);
}
