import crypto from 'node:crypto';
import { pointInPolygon, type IncidentClassification, type IncidentStatus } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { and, eq } from 'drizzle-orm';
import { evaluations } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import { findIncidentByTicket, insertIncident, insertIncidentEvent } from './incidents.repository.ts';
import { findUserByUsername } from '../users/index.ts';
import { DEMO_BOUNDARY } from '../settings/settings.demo.ts';
import { DEMO_STAFF } from '../users/users.demo.ts';
import { seedDemoIncidentHistory } from './incident-history.demo.ts';

/** Marks the demo's evaluations, so a second run does not add more. */
const DEMO_DEVICE_HASH = crypto.createHash('sha256').update('bantay-demo-seed').digest('hex');

/*
 * The demo's ratings are written straight into the evaluations table, as incident-history.demo.ts
 * does: incidents does not import the evaluations module, which records ratings through incidents'
 * door (docs/architecture.md).
 */
async function insertEvaluation(db: Executor, values: typeof evaluations.$inferInsert): Promise<void> {
  await db.insert(evaluations).values(values);
}

async function countEvaluationsByDevice(db: Executor, tanodId: string, deviceHash: string): Promise<number> {
  const rows = await db
    .select({ id: evaluations.id })
    .from(evaluations)
    .where(and(eq(evaluations.tanodId, tanodId), eq(evaluations.deviceHash, deviceHash)));
  return rows.length;
}

interface DemoIncident {
  ticket: string;
  type: string;
  classification: IncidentClassification;
  status: IncidentStatus;
  description: string;
  hoursAgo: number;
  lat: number;
  lng: number;
  landmark?: string;
  address?: string;
  /** Index into the demo residents; anonymous otherwise. */
  resident?: 0 | 1;
  reporterName?: string;
  responder?: string;
  closingReason?: string;
  resolutionLog?: string;
  rating?: { stars: number; comment: string };
  /** The admin assigned the responder (an `assigned` step) instead of the tanod pressing Respond. */
  assigned?: boolean;
  /** Staff-private notes: who (username), minutes after the report, text. */
  notes?: { by: string; minutes: number; text: string }[];
}

const DEMO_INCIDENTS: DemoIncident[] = [
  { ticket: 'IR-7K3F-9QXM', type: 'Theft', classification: 'normal', status: 'pending', description: 'Bicycle taken from our gate while we were at mass.', hoursAgo: 1, lat: 14.7371, lng: 121.0512, landmark: 'Across the chapel', resident: 0 },
  { ticket: 'ER-4HNW-2RTB', type: 'Fire', classification: 'emergency', status: 'in_progress', description: 'Smoke coming from a house near the basketball court.', hoursAgo: 0.2, lat: 14.7342, lng: 121.0475, landmark: 'Basketball court, Purok 4', responder: 'tanod1', notes: [{ by: 'tanod1', minutes: 7, text: 'Kitchen fire, family is out of the house. BFP called; keeping the crowd back.' }] },
  { ticket: 'IR-9PZD-6KEC', type: 'Noise disturbance', classification: 'normal', status: 'resolved', description: 'Videoke past midnight, the whole street cannot sleep.', hoursAgo: 30, lat: 14.7398, lng: 121.0551, address: 'Molave St., Purok 1', resident: 1, responder: 'tanod2', resolutionLog: 'Talked to the owner; the videoke was turned off at 12:40 AM.', rating: { stars: 5, comment: 'Dumating agad at mahinahon kausap. Salamat po!' } },
  { ticket: 'IR-3MAV-8YSU', type: 'Vandalism', classification: 'normal', status: 'pending', description: 'Graffiti sprayed on the barangay hall wall overnight.', hoursAgo: 5, lat: 14.7329, lng: 121.0523, landmark: 'Barangay hall' },
  { ticket: 'ER-6TQB-5NJH', type: 'Medical emergency', classification: 'emergency', status: 'resolved', description: 'Elderly man collapsed at the market.', hoursAgo: 52, lat: 14.7302, lng: 121.0441, landmark: 'Talipapa market', reporterName: 'Mang Ben', responder: 'tanod4', notes: [{ by: 'tanod4', minutes: 12, text: 'Conscious, breathing; pulse weak. Ambulance requested.' }], resolutionLog: 'First aid given; brought to the health centre by the barangay ambulance.', rating: { stars: 4, comment: 'Mabilis ang tulong, salamat.' } },
  { ticket: 'IR-8CWE-4GXR', type: 'Suspicious person or activity', classification: 'normal', status: 'in_progress', description: 'Two men checking parked motorcycles along the street.', hoursAgo: 2, lat: 14.7415, lng: 121.0468, address: 'Acacia St. corner Ilang-Ilang', resident: 0, responder: 'tanod3', assigned: true, notes: [{ by: 'admin', minutes: 2, text: 'Same two men were seen on Molave St. last week; check the chapel CCTV.' }] },
  { ticket: 'IR-2VJK-7HPA', type: 'Public disturbance', classification: 'normal', status: 'rejected', description: 'Neighbours arguing loudly.', hoursAgo: 75, lat: 14.7288, lng: 121.0502, closingReason: 'A family matter already settled at the Lupon hearing.' },
  { ticket: 'ER-5DYM-3QWZ', type: 'Crime in progress', classification: 'emergency', status: 'false_alarm', description: 'Shouting and a loud bang from a house.', hoursAgo: 96, lat: 14.7362, lng: 121.0587, reporterName: 'Concerned neighbour', responder: 'tanod5', closingReason: 'It was a birthday party; the bang was a balloon.' },
  { ticket: 'IR-6RXT-9BMC', type: 'Other', classification: 'normal', status: 'pending', description: 'Stray dogs chasing children on the way to school.', hoursAgo: 8, lat: 14.7253, lng: 121.0489, landmark: 'Elementary school gate', resident: 1 },
  { ticket: 'ER-9WGA-2KUF', type: 'Accident', classification: 'emergency', status: 'in_progress', description: 'Tricycle and motorcycle collided, one rider hurt.', hoursAgo: 0.5, lat: 14.7384, lng: 121.0432, landmark: 'Highway crossing near the gas station', responder: 'tanod2', assigned: true },
  { ticket: 'IR-4BZN-6TDE', type: 'Theft', classification: 'normal', status: 'resolved', description: 'Laundry taken from the clothesline.', hoursAgo: 120, lat: 14.7436, lng: 121.0527, address: 'Narra St., Purok 5', reporterName: 'Aling Cora', responder: 'tanod1', resolutionLog: 'Items found with a minor; returned to the owner with the parents present.' },
  { ticket: 'ER-3JHQ-8SVY', type: 'Natural disaster', classification: 'emergency', status: 'pending', description: 'Creek water rising fast near the footbridge.', hoursAgo: 0.1, lat: 14.7275, lng: 121.0562, landmark: 'Footbridge by the creek' },
];

const DIRECTORY_COMMENTS = [
  { stars: 5, comment: 'Laging nakangiti at handang tumulong.', name: 'Aling Nena' },
  { stars: 4, comment: 'Helpful during the flood last month.', name: null },
  { stars: 5, comment: 'Salamat sa pag-ikot gabi-gabi, panatag kami.', name: 'Kuya Jun' },
  { stars: 3, comment: 'Mabait pero medyo natagalan dumating.', name: null },
];

/**
 * A dozen incidents in every status with their timelines (assignments, notes), ticket ratings and directory ratings for every demo tanod,
 * then 90 days of closed incidents behind them (incident-history.demo.ts). Idempotent.
 */
export async function seedDemoIncidents(deps: AppDeps, residentIds: string[]): Promise<void> {
  const now = deps.clock.now();
  const staffIds = new Map<string, string>();
  for (const staff of DEMO_STAFF) {
    const row = await findUserByUsername(deps.db, staff.username);
    if (row) staffIds.set(staff.username, row.id);
  }
  const adminId = staffIds.get('admin') ?? null;

  for (const demo of DEMO_INCIDENTS) {
    if (!pointInPolygon(demo, DEMO_BOUNDARY)) throw new Error(`demo incident ${demo.ticket} is outside the demo boundary`);
    if (await findIncidentByTicket(deps.db, demo.ticket)) continue;
    const createdAt = new Date(now.getTime() - demo.hoursAgo * 3_600_000);
    const at = (minutes: number) => new Date(createdAt.getTime() + minutes * 60_000);
    const responderId = demo.responder ? (staffIds.get(demo.responder) ?? null) : null;
    const residentId = demo.resident === undefined ? null : (residentIds[demo.resident] ?? null);
    const closed = demo.status === 'resolved' || demo.status === 'rejected' || demo.status === 'false_alarm';
    await inTransaction(deps.db, async (tx) => {
      const incident = await insertIncident(tx, {
        ticket: demo.ticket,
        type: demo.type,
        classification: demo.classification,
        status: demo.status,
        description: demo.description,
        occurredAt: at(-10),
        lat: demo.lat,
        lng: demo.lng,
        accuracy: 15,
        address: demo.address ?? null,
        landmark: demo.landmark ?? null,
        reporterId: residentId,
        reporterName: demo.reporterName ?? null,
        responderId,
        respondedAt: responderId ? at(4) : null,
        resolvedById: demo.status === 'resolved' ? responderId : null,
        resolvedAt: closed ? at(45) : null,
        resolutionLog: demo.resolutionLog ?? null,
        closingReason: demo.closingReason ?? null,
        createdAt,
        updatedAt: closed ? at(45) : responderId ? at(4) : createdAt,
      });
      if (!incident) return;
      await insertIncidentEvent(tx, { incidentId: incident.id, at: createdAt, kind: 'created', actorId: residentId });
      if (responderId) {
        const kind = demo.assigned ? 'assigned' : 'responded';
        await insertIncidentEvent(tx, { incidentId: incident.id, at: at(4), kind, actorId: demo.assigned ? adminId : responderId, subjectUserId: responderId });
      }
      for (const note of demo.notes ?? []) {
        await insertIncidentEvent(tx, { incidentId: incident.id, at: at(note.minutes), kind: 'note', actorId: staffIds.get(note.by) ?? null, detail: note.text });
      }
      if (demo.status === 'resolved') {
        await insertIncidentEvent(tx, { incidentId: incident.id, at: at(45), kind: 'resolved', actorId: responderId, detail: demo.resolutionLog ?? null });
      }
      if (demo.status === 'rejected' || demo.status === 'false_alarm') {
        await insertIncidentEvent(tx, { incidentId: incident.id, at: at(45), kind: demo.status, actorId: adminId, detail: demo.closingReason ?? null });
      }
      if (demo.rating && responderId) {
        await insertEvaluation(tx, {
          tanodId: responderId,
          rating: demo.rating.stars,
          comment: demo.rating.comment,
          source: 'ticket',
          incidentId: incident.id,
          createdAt: at(90),
        });
        await insertIncidentEvent(tx, { incidentId: incident.id, at: at(90), kind: 'rated', subjectUserId: responderId });
      }
    });
  }

  const tanods = DEMO_STAFF.filter((staff) => staff.userType === 'tanod');
  for (const [index, staff] of tanods.entries()) {
    const tanodId = staffIds.get(staff.username);
    if (!tanodId || (await countEvaluationsByDevice(deps.db, tanodId, DEMO_DEVICE_HASH)) > 0) continue;
    // A different slice of comments per tanod, so the averages differ.
    const comments = DIRECTORY_COMMENTS.slice(index % 2, 2 + (index % 3));
    for (const [offset, item] of comments.entries()) {
      await insertEvaluation(deps.db, {
        tanodId,
        rating: item.stars,
        comment: item.comment,
        source: 'directory',
        reviewerName: item.name,
        deviceHash: DEMO_DEVICE_HASH,
        createdAt: new Date(now.getTime() - (offset + 1) * 26 * 3_600_000),
      });
    }
  }

  const tanodIds = tanods.map((staff) => staffIds.get(staff.username)).filter((id): id is string => Boolean(id));
  if (tanodIds.length === tanods.length) await seedDemoIncidentHistory(deps, tanodIds, adminId, residentIds);
}
