import crypto from 'node:crypto';
import { TICKET_ALPHABET, pointInPolygon, type IncidentClassification, type IncidentStatus } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { evaluations, incidentEvents, incidents } from '../../db/schema/index.ts';
import { SeededRandom } from '../../lib/seeded-random.ts';
import { DEFAULT_INCIDENT_TYPES } from '../settings/index.ts';
import { DEMO_BOUNDARY } from '../settings/settings.demo.ts';
import { findIncidentByTicket } from './incidents.repository.ts';

/**
 * 90 days of closed incidents for the dashboards and performance figures: every type
 * and classification, resolved, rejected and false alarms, with report → response → resolution
 * times that shorten over the quarter, their timelines, ticket ratings and directory ratings.
 * Deterministic: the same seed draws the same history (and tickets) on every run.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const DEMO_INCIDENT_HISTORY_DAYS = 90;

/** How many reports of each type per hundred. */
const TYPE_WEIGHTS: Record<string, number> = {
  'Noise disturbance': 18,
  Theft: 14,
  'Suspicious person or activity': 12,
  'Public disturbance': 10,
  Other: 9,
  Accident: 8,
  'Medical emergency': 8,
  Vandalism: 7,
  'Crime in progress': 4,
  Fire: 3,
  'Natural disaster': 2,
};

const DESCRIPTIONS: Record<string, string[]> = {
  Fire: ['Smoke from a kitchen near the creek.', 'Grass fire on the vacant lot.', 'Sparks from the electric post.'],
  'Medical emergency': [
    'Senior citizen fainted at home.',
    'Child with high fever and seizures.',
    'Man cut his hand badly at work.',
  ],
  'Crime in progress': [
    'Someone breaking into a sari-sari store.',
    'Two men fighting with bottles.',
    'Snatcher running towards the highway.',
  ],
  'Natural disaster': [
    'Flood water knee-deep along the creek.',
    'Landslide blocking the footpath.',
    'Tree fell on a house roof after the storm.',
  ],
  Accident: [
    'Motorcycle skidded on the wet road.',
    'Jeepney hit a parked tricycle.',
    'Child hit by a bicycle near the school.',
  ],
  Theft: ['Phone taken from a parked tricycle.', 'Chickens stolen overnight.', 'Wallet snatched at the market.'],
  'Noise disturbance': ['Videoke past curfew.', 'Loud motorcycle revving at night.', 'Party music until 2 AM.'],
  'Suspicious person or activity': [
    'Stranger checking gates at night.',
    'Unknown van parked for hours.',
    'Men taking photos of houses.',
  ],
  'Public disturbance': [
    'Drunk men shouting on the street.',
    'Neighbours quarrelling outside.',
    'Crowd blocking the road.',
  ],
  Vandalism: ['Graffiti on the chapel wall.', 'Streetlight broken with stones.', 'Waiting shed bench torn off.'],
  Other: ['Stray dogs on the school route.', 'Open manhole on the corner.', 'Burning trash near the houses.'],
};

const RESOLUTIONS = [
  'Talked to those involved; settled on the spot.',
  'Area secured and the owner informed.',
  'Handed over to the PNP with a blotter entry.',
  'First aid given; brought to the health centre.',
  'Cleared the road and logged it at the hall.',
];
const REJECTIONS = [
  'A family matter for the Lupon.',
  'Duplicate of an earlier report.',
  'Outside the barangay; referred to the neighbouring hall.',
];
const FALSE_ALARMS = [
  'Nobody found at the location.',
  'It was a birthday party.',
  'The owner was moving their own things.',
];
const NOTES = [
  'Backup on standby.',
  'Witness says they left towards the highway.',
  'Owner will come to the hall tomorrow.',
  'CCTV from the store checked.',
];
const COMMENTS: Record<number, string[]> = {
  5: ['Ang bilis dumating, salamat po!', 'Very polite and helpful.', 'Mahinahon at maayos kausap.'],
  4: ['Helpful, medyo natagalan lang.', 'Salamat sa tulong.', 'Good job, kuya.'],
  3: ['Okay naman, pero mabagal.', 'Came late but solved it.'],
  2: ['Matagal dumating.', 'Did not explain what happened.'],
  1: ['Walang dumating agad.', 'Rude when we asked questions.'],
};
const REPORTER_NAMES = ['Aling Cora', 'Mang Ben', 'Kuya Jun', 'Ate Liza', 'Mang Tonyo', 'Aling Nena'];

/** Busy spots of the demo barangay: market, basketball court, plaza, chapel, creek. */
const HOTSPOTS = [
  { lat: 14.7302, lng: 121.0441 },
  { lat: 14.7342, lng: 121.0475 },
  { lat: 14.7358, lng: 121.0531 },
  { lat: 14.7371, lng: 121.0512 },
  { lat: 14.7275, lng: 121.0562 },
];

/** Per tanod (tanod1 … tanod5): how quickly they respond (a factor on the minutes) and the stars they tend to get. */
const TANOD_HABITS = [
  { speed: 0.8, stars: 4.6 },
  { speed: 1.0, stars: 4.2 },
  { speed: 1.25, stars: 3.6 },
  { speed: 0.9, stars: 4.4 },
  { speed: 1.35, stars: 3.3 },
];

function ticketOf(random: SeededRandom, classification: IncidentClassification, taken: Set<string>): string {
  for (;;) {
    const part = () => Array.from({ length: 4 }, () => random.pick([...TICKET_ALPHABET])).join('');
    const ticket = `${classification === 'emergency' ? 'ER' : 'IR'}-${part()}-${part()}`;
    if (!taken.has(ticket)) {
      taken.add(ticket);
      return ticket;
    }
  }
}

function placeOf(random: SeededRandom): { lat: number; lng: number } {
  for (;;) {
    const spot = random.chance(0.75)
      ? random.pick(HOTSPOTS)
      : { lat: random.between(14.7196, 14.7501), lng: random.between(121.0329, 121.0655) };
    const candidate = { lat: spot.lat + random.normal() * 0.0012, lng: spot.lng + random.normal() * 0.0012 };
    if (pointInPolygon(candidate, DEMO_BOUNDARY)) return candidate;
  }
}

/**
 * Seeds the history once (the first history ticket marks it). `tanodIds` are tanod1 … tanod5,
 * `adminId` decides rejections and false alarms, `residentIds` report some of them.
 */
export async function seedDemoIncidentHistory(
  deps: AppDeps,
  tanodIds: string[],
  adminId: string | null,
  residentIds: string[],
): Promise<void> {
  const random = new SeededRandom(13);
  const now = deps.clock.now().getTime();
  const taken = new Set<string>();
  const incidentRows: (typeof incidents.$inferInsert)[] = [];
  const eventRows: (typeof incidentEvents.$inferInsert)[] = [];
  const ratingRows: (typeof evaluations.$inferInsert)[] = [];
  const types = DEFAULT_INCIDENT_TYPES.map((type) => ({ value: type, weight: TYPE_WEIGHTS[type.name] ?? 5 }));

  for (let daysAgo = DEMO_INCIDENT_HISTORY_DAYS; daysAgo >= 1; daysAgo -= 1) {
    const dayStart = now - daysAgo * DAY_MS;
    // Busier on weekends, and a storm about six weeks back.
    const weekend = [0, 6].includes(new Date(dayStart + 8 * 3_600_000).getUTCDay());
    const storm = daysAgo >= 40 && daysAgo <= 42;
    const count = random.int(2, 4) + (weekend ? 1 : 0) + (storm ? 3 : 0);
    // Response times improve over the quarter: 1.35× the usual minutes 90 days back, 0.85× now.
    const trend = 0.85 + 0.5 * (daysAgo / DEMO_INCIDENT_HISTORY_DAYS);
    for (let n = 0; n < count; n += 1) {
      const type =
        storm && n < 3 ? DEFAULT_INCIDENT_TYPES.find((t) => t.name === 'Natural disaster')! : random.weighted(types);
      const classification = type.classification;
      // Evenings are busiest: most reports between 16:00 and 01:00 Manila time (08:00–17:00 UTC).
      const hourUtc = random.chance(0.65) ? random.between(8, 17) : random.between(0, 24);
      const createdAt = new Date(dayStart - (dayStart % DAY_MS) + hourUtc * 3_600_000 + random.int(0, 59) * MINUTE_MS);
      if (createdAt.getTime() > now - 12 * 3_600_000) continue;
      const at = (minutes: number) => new Date(createdAt.getTime() + minutes * MINUTE_MS);
      const status: IncidentStatus =
        classification === 'emergency'
          ? random.weighted([
              { value: 'resolved', weight: 85 },
              { value: 'false_alarm', weight: 12 },
              { value: 'rejected', weight: 3 },
            ])
          : random.weighted([
              { value: 'resolved', weight: 78 },
              { value: 'false_alarm', weight: 10 },
              { value: 'rejected', weight: 12 },
            ]);
      const tanodIndex = random.weighted(
        TANOD_HABITS.map((_, index) => ({ value: index, weight: [26, 22, 16, 22, 14][index]! })),
      );
      const habits = TANOD_HABITS[tanodIndex]!;
      const responderId = status === 'rejected' ? null : tanodIds[tanodIndex]!;
      const base = classification === 'emergency' ? 2 + random.next() * 9 : 5 + random.next() * 30;
      const responseMinutes = Math.round(base * trend * habits.speed * 10) / 10;
      const closeMinutes =
        status === 'rejected'
          ? random.int(8, 60)
          : responseMinutes +
            random.int(classification === 'emergency' ? 20 : 10, classification === 'emergency' ? 150 : 90);
      const reporterKind = random.next();
      const reporterId = reporterKind < 0.35 && residentIds.length > 0 ? random.pick(residentIds) : null;
      const reporterName = reporterKind >= 0.35 && reporterKind < 0.65 ? random.pick(REPORTER_NAMES) : null;
      const id = crypto.randomUUID();
      const place = placeOf(random);
      const closingReason =
        status === 'rejected' ? random.pick(REJECTIONS) : status === 'false_alarm' ? random.pick(FALSE_ALARMS) : null;
      const resolutionLog = status === 'resolved' ? random.pick(RESOLUTIONS) : null;
      incidentRows.push({
        id,
        ticket: ticketOf(random, classification, taken),
        type: type.name,
        classification,
        status,
        description: random.pick(DESCRIPTIONS[type.name] ?? DESCRIPTIONS.Other!),
        occurredAt: at(-random.int(2, 20)),
        ...place,
        accuracy: random.int(5, 30),
        reporterId,
        reporterName,
        responderId,
        respondedAt: responderId ? at(responseMinutes) : null,
        resolvedById: status === 'resolved' ? responderId : null,
        resolvedAt: at(closeMinutes),
        resolutionLog,
        closingReason,
        createdAt,
        updatedAt: at(closeMinutes),
      });
      eventRows.push({ incidentId: id, at: createdAt, kind: 'created', actorId: reporterId });
      if (responderId) {
        const assigned = random.chance(0.25);
        eventRows.push({
          incidentId: id,
          at: at(responseMinutes),
          kind: assigned ? 'assigned' : 'responded',
          actorId: assigned ? adminId : responderId,
          subjectUserId: responderId,
        });
        if (random.chance(0.3))
          eventRows.push({
            incidentId: id,
            at: at(responseMinutes + 5),
            kind: 'note',
            actorId: responderId,
            detail: random.pick(NOTES),
          });
      }
      if (status === 'resolved')
        eventRows.push({
          incidentId: id,
          at: at(closeMinutes),
          kind: 'resolved',
          actorId: responderId,
          detail: resolutionLog,
        });
      else
        eventRows.push({ incidentId: id, at: at(closeMinutes), kind: status, actorId: adminId, detail: closingReason });
      if (status === 'resolved' && responderId && random.chance(0.55)) {
        const stars = Math.max(1, Math.min(5, Math.round(habits.stars + random.normal() * 0.8)));
        const ratedAt = at(closeMinutes + random.int(30, 24 * 60));
        if (ratedAt.getTime() < now) {
          ratingRows.push({
            tanodId: responderId,
            rating: stars,
            comment: random.pick(COMMENTS[stars]!),
            source: 'ticket',
            incidentId: id,
            residentId: reporterId,
            reviewerName: reporterName,
            createdAt: ratedAt,
          });
          eventRows.push({ incidentId: id, at: ratedAt, kind: 'rated', subjectUserId: responderId });
        }
      }
    }
  }
  // Directory ratings: a handful per tanod spread over the quarter, each from its own device.
  for (const [index, tanodId] of tanodIds.entries()) {
    for (let n = 0; n < 6; n += 1) {
      const stars = Math.max(1, Math.min(5, Math.round(TANOD_HABITS[index]!.stars + random.normal() * 0.7)));
      ratingRows.push({
        tanodId,
        rating: stars,
        comment: random.pick(COMMENTS[stars]!),
        source: 'directory',
        reviewerName: random.chance(0.5) ? random.pick(REPORTER_NAMES) : null,
        deviceHash: crypto.createHash('sha256').update(`bantay-demo-history-${index}-${n}`).digest('hex'),
        createdAt: new Date(now - random.between(8, DEMO_INCIDENT_HISTORY_DAYS) * DAY_MS),
      });
    }
  }

  if (await findIncidentByTicket(deps.db, incidentRows[0]!.ticket)) return;
  await inTransaction(deps.db, async (tx) => {
    for (let index = 0; index < incidentRows.length; index += 500)
      await tx.insert(incidents).values(incidentRows.slice(index, index + 500));
    for (let index = 0; index < eventRows.length; index += 1000)
      await tx.insert(incidentEvents).values(eventRows.slice(index, index + 1000));
    for (let index = 0; index < ratingRows.length; index += 1000)
      await tx.insert(evaluations).values(ratingRows.slice(index, index + 1000));
  });
}
