import { asc, count, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps.ts';
import { auditEntries, incidents, patrolAreas, users } from '../../db/schema/index.ts';
import type { AuditAction, AuditEntity } from '@bantay/shared';

/**
 * The audit trail of the demo barangay (`npm run seed:demo`). The other demo data is written
 * straight into its tables, not through the audited services, so without this the supadmin's
 * Audit log would be empty. Each entry describes a real demo row, at that row's own time, by
 * the person who would have made it. Seeded once: a database with any audit entry gets none.
 * Like the incidents and areas, the people are read from their table, after seed-demo.ts has
 * seeded them: audit does not import users (users writes to the audit trail).
 */
export async function seedDemoAudit(deps: AppDeps): Promise<void> {
  const [existing] = await deps.db.select({ n: count() }).from(auditEntries);
  if ((existing?.n ?? 0) > 0) return;
  const byUsername = async (username: string) => (await deps.db.select().from(users).where(eq(users.username, username)).limit(1))[0];
  const supadmin = await byUsername('supadmin');
  const admin = await byUsername('admin');
  if (!supadmin || !admin) return;
  const entries: (typeof auditEntries.$inferInsert)[] = [];
  const byActor = (
    actor: { id: string },
    at: Date,
    entry: Omit<typeof auditEntries.$inferInsert, 'actorId' | 'at' | 'ip' | 'action' | 'entity'> & { action: AuditAction; entity: AuditEntity },
  ) =>
    entries.push({ ...entry, actorId: actor.id, at, ip: '192.168.1.20' });

  // People: the supadmin added the admin, the admin added the tanods.
  const staff = await deps.db.select().from(users).where(inArray(users.userType, ['admin', 'tanod'])).orderBy(asc(users.createdAt));
  for (const user of staff) {
    const actor = user.userType === 'admin' ? supadmin : admin;
    byActor(actor, user.createdAt, {
      action: 'create',
      entity: 'user',
      entityId: user.id,
      after: { userType: user.userType, username: user.username, firstName: user.firstName, lastName: user.lastName },
    });
  }

  // The barangay's set-up, a minute after the supadmin's own account.
  const setUp = new Date(supadmin.createdAt.getTime() + 60_000);
  byActor(supadmin, setUp, { action: 'update', entity: 'settings', entityId: '1', after: { fields: ['name', 'abbreviation', 'hotlines', 'incidentTypes', 'mapStart'] } });

  for (const area of await deps.db.select().from(patrolAreas)) {
    byActor(admin, area.createdAt, { action: 'create', entity: 'patrol_area', entityId: area.id, after: { name: area.name, color: area.color } });
  }

  // Reports the admin closed without a response: the latest few of each kind.
  const closed = await deps.db
    .select()
    .from(incidents)
    .where(inArray(incidents.status, ['rejected', 'false_alarm']))
    .orderBy(incidents.updatedAt);
  for (const incident of closed.slice(-12)) {
    byActor(admin, incident.updatedAt, {
      action: incident.status === 'rejected' ? 'reject' : 'false_alarm',
      entity: 'incident',
      entityId: incident.id,
      before: { ticket: incident.ticket, status: 'pending' },
      after: { status: incident.status, reason: incident.closingReason },
    });
  }

  if (entries.length > 0) await deps.db.insert(auditEntries).values(entries);
}

