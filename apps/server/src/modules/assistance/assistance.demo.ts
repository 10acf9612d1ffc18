import crypto from 'node:crypto';
import { and, asc, eq, isNotNull, lt } from 'drizzle-orm';
import type { AssistanceAgency, AssistanceStatus } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { assistanceDispatches, assistanceRequests, incidentEvents, incidents } from '../../db/schema/index.ts';
import { SeededRandom } from '../../lib/seeded-random.ts';
import { findUserByUsername } from '../users/users.repository.ts';
import { findIncidentByTicket, insertIncidentEvent } from '../incidents/incidents.repository.ts';
import { insertAssistanceRequest, insertDispatches, listAssistanceRequests } from './assistance.repository.ts';

/** Backup requests in several states, tied to the demo incidents (see incidents.demo.ts) or to a patrol. */
interface DemoAssistance {
  requester: string;
  /** A demo incident's ticket; none for a call from the patrol map. */
  ticket?: string;
  reason: string;
  status: AssistanceStatus;
  minutesAgo: number;
  lat: number;
  lng: number;
  dispatched?: string[];
  agency?: { name: AssistanceAgency; reference?: string };
  rejectionReason?: string;
}

const DEMO_ASSISTANCE: DemoAssistance[] = [
  { requester: 'tanod1', ticket: 'ER-4HNW-2RTB', reason: 'Need two more tanods for crowd control while BFP arrives.', status: 'pending', minutesAgo: 4, lat: 14.7342, lng: 121.0475 },
  {
    requester: 'tanod2',
    ticket: 'ER-9WGA-2KUF',
    reason: 'Rider has a leg injury; need traffic control and an ambulance.',
    status: 'approved',
    minutesAgo: 20,
    lat: 14.7384,
    lng: 121.0432,
    dispatched: ['tanod5'],
    agency: { name: 'Ambulance', reference: 'City EMS call 0447' },
  },
  {
    requester: 'tanod4',
    ticket: 'ER-6TQB-5NJH',
    reason: 'Need help carrying the patient to the ambulance.',
    status: 'completed',
    minutesAgo: 52 * 60 - 15,
    lat: 14.7302,
    lng: 121.0441,
    dispatched: ['tanod1'],
    agency: { name: 'Ambulance', reference: 'Barangay ambulance' },
  },
  {
    requester: 'tanod3',
    reason: 'Group drinking at the plaza getting loud, want a second tanod nearby.',
    status: 'rejected',
    minutesAgo: 26 * 60,
    lat: 14.7358,
    lng: 121.0531,
    rejectionReason: 'Tanod 5 is already on the plaza; call again if it escalates.',
  },
];

/** Idempotent: a request with the same requester and reason is not added twice. */
export async function seedDemoAssistance(deps: AppDeps): Promise<void> {
  const now = deps.clock.now();
  const ids = new Map<string, string>();
  for (const username of ['admin', 'tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5']) {
    const user = await findUserByUsername(deps.db, username);
    if (user) ids.set(username, user.id);
  }
  const adminId = ids.get('admin');
  const existing = await listAssistanceRequests(deps.db, { visibleTo: null, limit: 1000 });
  for (const demo of DEMO_ASSISTANCE) {
    const requesterId = ids.get(demo.requester);
    if (!requesterId || !adminId) continue;
    if (existing.some((row) => row.requesterId === requesterId && row.reason === demo.reason)) continue;
    const incident = demo.ticket ? await findIncidentByTicket(deps.db, demo.ticket) : undefined;
    const createdAt = new Date(now.getTime() - demo.minutesAgo * 60_000);
    const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
    const decided = demo.status !== 'pending';
    const dispatched = (demo.dispatched ?? []).map((username) => ids.get(username)).filter((id): id is string => Boolean(id));
    await inTransaction(deps.db, async (tx) => {
      const row = await insertAssistanceRequest(tx, {
        incidentId: incident?.id ?? null,
        requesterId,
        lat: demo.lat,
        lng: demo.lng,
        accuracy: 10,
        reason: demo.reason,
        status: demo.status,
        decidedById: decided ? adminId : null,
        decidedAt: decided ? at(2) : null,
        rejectionReason: demo.rejectionReason ?? null,
        agency: demo.agency?.name ?? null,
        agencyReference: demo.agency?.reference ?? null,
        deployedAt: demo.status === 'completed' ? at(8) : null,
        completedAt: demo.status === 'completed' ? at(30) : null,
        createdAt,
        updatedAt: demo.status === 'completed' ? at(30) : decided ? at(2) : createdAt,
      });
      await insertDispatches(tx, row.id, dispatched);
      if (incident) {
        await insertIncidentEvent(tx, { incidentId: incident.id, at: createdAt, kind: 'assistance_requested', actorId: requesterId, detail: demo.reason });
        if (decided) {
          const detail = demo.status === 'rejected' ? `Backup rejected: ${demo.rejectionReason}` : `Backup approved${demo.agency ? `: ${demo.agency.name}` : ''}`;
          await insertIncidentEvent(tx, { incidentId: incident.id, at: at(2), kind: 'assistance_decided', actorId: adminId, detail });
        }
      }
    });
  }
  await seedDemoAssistanceHistory(deps);
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const HISTORY_REASONS = ['Need crowd control while we work.', 'Patient needs carrying to the ambulance.', 'Suspect is aggressive; need a second tanod.', 'Road blocked; need traffic control.'];
const PATROL_REASONS = ['Group drinking at the plaza getting loud.', 'Stranger following students near the school.', 'Fallen tree blocking the road on my route.'];

/**
 * 90 days of backup requests (for the dashboards): about a third of the past emergencies' responders
 * called for backup, plus a few calls from a patrol; most completed, some rejected or cancelled.
 * Seeded once (when no request older than a week exists); deterministic.
 */
async function seedDemoAssistanceHistory(deps: AppDeps): Promise<void> {
  const now = deps.clock.now().getTime();
  const older = await deps.db.select({ id: assistanceRequests.id }).from(assistanceRequests).where(lt(assistanceRequests.createdAt, new Date(now - 7 * DAY_MS))).limit(1);
  if (older.length > 0) return;
  const admin = await findUserByUsername(deps.db, 'admin');
  const tanodIds: string[] = [];
  for (const username of ['tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5']) {
    const user = await findUserByUsername(deps.db, username);
    if (user) tanodIds.push(user.id);
  }
  if (!admin || tanodIds.length < 2) return;
  const emergencies = await deps.db
    .select({ id: incidents.id, responderId: incidents.responderId, lat: incidents.lat, lng: incidents.lng, respondedAt: incidents.respondedAt })
    .from(incidents)
    .where(and(eq(incidents.classification, 'emergency'), eq(incidents.status, 'resolved'), isNotNull(incidents.respondedAt), lt(incidents.createdAt, new Date(now - DAY_MS))))
    .orderBy(asc(incidents.createdAt));
  const random = new SeededRandom(17);
  const calls: { incidentId: string | null; requesterId: string; lat: number; lng: number; createdAt: Date; reason: string }[] = emergencies
    .filter(() => random.chance(0.35))
    .map((incident) => ({ incidentId: incident.id, requesterId: incident.responderId!, lat: incident.lat, lng: incident.lng, createdAt: new Date(incident.respondedAt!.getTime() + random.int(3, 15) * MINUTE_MS), reason: random.pick(HISTORY_REASONS) }));
  for (let n = 0; n < 8; n += 1) {
    calls.push({ incidentId: null, requesterId: random.pick(tanodIds), lat: 14.7358 + random.normal() * 0.002, lng: 121.0531 + random.normal() * 0.002, createdAt: new Date(now - random.between(8, 90) * DAY_MS), reason: random.pick(PATROL_REASONS) });
  }
  const requests: (typeof assistanceRequests.$inferInsert)[] = [];
  const dispatches: (typeof assistanceDispatches.$inferInsert)[] = [];
  const events: (typeof incidentEvents.$inferInsert)[] = [];
  for (const call of calls) {
    const status = random.weighted<AssistanceStatus>([{ value: 'completed', weight: 70 }, { value: 'rejected', weight: 15 }, { value: 'cancelled', weight: 15 }]);
    const id = crypto.randomUUID();
    const at = (minutes: number) => new Date(call.createdAt.getTime() + minutes * MINUTE_MS);
    const decidedMinutes = random.int(1, 6);
    const agency = status === 'completed' && random.chance(0.4) ? random.pick<AssistanceAgency>(['PNP', 'BFP', 'Ambulance']) : null;
    requests.push({
      id,
      incidentId: call.incidentId,
      requesterId: call.requesterId,
      lat: call.lat,
      lng: call.lng,
      accuracy: 10,
      reason: call.reason,
      status,
      decidedById: status === 'cancelled' ? null : admin.id,
      decidedAt: status === 'cancelled' ? null : at(decidedMinutes),
      rejectionReason: status === 'rejected' ? 'Enough tanods on the scene already.' : null,
      agency,
      agencyReference: agency ? `Call ${random.int(100, 999)}` : null,
      deployedAt: status === 'completed' ? at(decidedMinutes + random.int(3, 12)) : null,
      completedAt: status === 'completed' ? at(decidedMinutes + random.int(20, 90)) : null,
      cancelledAt: status === 'cancelled' ? at(random.int(2, 10)) : null,
      createdAt: call.createdAt,
      updatedAt: at(90),
    });
    if (status === 'completed') {
      const others = tanodIds.filter((tanodId) => tanodId !== call.requesterId);
      dispatches.push({ requestId: id, tanodId: random.pick(others) });
    }
    if (call.incidentId) {
      events.push({ incidentId: call.incidentId, at: call.createdAt, kind: 'assistance_requested', actorId: call.requesterId, detail: call.reason });
      if (status !== 'cancelled') {
        const detail = status === 'rejected' ? 'Backup rejected: Enough tanods on the scene already.' : `Backup approved${agency ? `: ${agency}` : ''}`;
        events.push({ incidentId: call.incidentId, at: at(decidedMinutes), kind: 'assistance_decided', actorId: admin.id, detail });
      }
    }
  }
  await inTransaction(deps.db, async (tx) => {
    if (requests.length > 0) await tx.insert(assistanceRequests).values(requests);
    if (dispatches.length > 0) await tx.insert(assistanceDispatches).values(dispatches);
    if (events.length > 0) await tx.insert(incidentEvents).values(events);
  });
}
