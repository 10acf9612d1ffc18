import type { AssistanceAgency, AssistanceStatus } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
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
}
