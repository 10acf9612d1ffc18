// `npm run seed:demo`: fills a fresh or existing database with demo data. Idempotent. Each module owns its demo data
// (`modules/<feature>/<feature>.demo.ts`); this composition root, like main.ts, only wires them together.
import { loadConfig } from './config.ts';
import { databaseTarget } from './main-helpers.ts';
import { openDatabase } from './db/client.ts';
import { systemClock } from './lib/clock.ts';
import { DomainEvents } from './lib/domain-events.ts';
import { createTokenService, resolveJwtSecret } from './modules/auth/index.ts';
import { buildDeliveryWorker, createInstanceMemory, moduleLinks, type AppDeps } from './deps.ts';
import { createOutsideServices, type AdapterLogger } from './adapters/index.ts';
import { createFileStore } from './modules/files/index.ts';
import { createPushSender } from './adapters/push/push.ts';
import { resolveVapidKeys } from './adapters/push/vapid-keys.ts';
import { DEMO_PASSWORD, DEMO_STAFF, seedDemoStaff } from './modules/users/users.demo.ts';
import { seedDemoSettings } from './modules/settings/settings.demo.ts';
import { DEMO_RESIDENT_PIN, DEMO_RESIDENTS, seedDemoResidents } from './modules/residents/residents.demo.ts';
import { seedDemoIncidents } from './modules/incidents/incidents.demo.ts';
import { seedDemoAssistance } from './modules/assistance/assistance.demo.ts';
import { seedDemoCameras } from './modules/cameras/cameras.demo.ts';
import { seedDemoNotifications } from './modules/notifications/notifications.demo.ts';
import { seedDemoMessages } from './modules/messages/messages.demo.ts';
import { seedDemoInventory } from './modules/inventory/inventory.demo.ts';
import { seedDemoVehicles } from './modules/vehicles/vehicles.demo.ts';
import { seedDemoPatrolData } from './modules/patrols/patrols.demo.ts';
import { seedDemoNotes } from './modules/notes/notes.demo.ts';
import { seedDemoAudit } from './modules/audit/audit.demo.ts';

const config = loadConfig();
const database = await openDatabase(databaseTarget(config));
await database.migrate();
const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
const log: AdapterLogger = { info: console.log, warn: console.warn, error: console.error };
const events = new DomainEvents();
const outside = {
  ...createOutsideServices(config, { log, now: () => systemClock.now(), secret: jwtSecret }),
  push: createPushSender(config, await resolveVapidKeys(config.push, config.dataDir)),
};
const deliveries = buildDeliveryWorker({ db: database.db, clock: systemClock, config, ...outside }, log);
const deps: AppDeps = {
  config,
  db: database.db,
  clock: systemClock,
  tokens: createTokenService(jwtSecret, systemClock),
  events,
  ...outside,
  deliveries,
  files: createFileStore({ dataDir: config.dataDir, s3: config.s3, db: database.db, driver: database.driver }),
  ...createInstanceMemory({ db: database.db, clock: systemClock, events, deliveries }),
  links: moduleLinks,
};

await seedDemoSettings(deps);
await seedDemoStaff(deps);
const residentIds = await seedDemoResidents(deps);
await seedDemoIncidents(deps, residentIds);
await seedDemoAssistance(deps);
await seedDemoCameras(deps);
await seedDemoNotifications(deps);
await seedDemoMessages(deps);
await seedDemoInventory(deps);
await seedDemoVehicles(deps);
await seedDemoPatrolData(deps);
await seedDemoNotes(deps);
await seedDemoAudit(deps);
await deps.deliveries.stop();
await deps.mail.close();
await deps.files.close();
await database.close();

console.log(`Demo data ready (${database.driver === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'}).`);
console.log(`Sign in at /tanod-login with password ${DEMO_PASSWORD}:`);
for (const staff of DEMO_STAFF) console.log(`  ${staff.username.padEnd(9)} ${staff.userType.padEnd(9)} ${staff.firstName} ${staff.lastName}`);
console.log(`Residents sign in on the landing page with mobile number and PIN ${DEMO_RESIDENT_PIN}:`);
for (const resident of DEMO_RESIDENTS) console.log(`  ${resident.phoneNumber}  ${resident.firstName} ${resident.lastName}`);
