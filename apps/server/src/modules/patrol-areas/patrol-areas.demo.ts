import type { Polygon } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { PatrolAreaRow } from '../../db/schema/index.ts';
import { DEMO_BOUNDARY } from '../settings/settings.demo.ts';
import { findPatrolAreaByName, insertPatrolArea } from './patrol-areas.repository.ts';

/** The map centre of the demo barangay: the four puroks meet here. */
const CENTRE: [number, number] = [121.0498, 14.7356];

/**
 * Four puroks that together cover the demo boundary: fans from the centre over consecutive
 * stretches of the outline, so they meet without overlapping and stay inside it.
 */
function fan(from: number, to: number): Polygon {
  const outline = DEMO_BOUNDARY.coordinates[0]!;
  const corners = outline.slice(from, to + 1) as [number, number][];
  return { type: 'Polygon', coordinates: [[CENTRE, ...corners, CENTRE]] };
}

const DEMO_AREAS = [
  { name: 'Purok 1 (Hilaga)', color: '#1e88e5', polygon: fan(0, 2) },
  { name: 'Purok 2 (Silangan)', color: '#43a047', polygon: fan(2, 4) },
  { name: 'Purok 3 (Timog)', color: '#fb8c00', polygon: fan(4, 6) },
  { name: 'Purok 4 (Kanluran)', color: '#8e24aa', polygon: fan(6, 8) },
] as const;

/**
 * Creates the demo areas; `created` is false when they were already there (the patrol demo data
 * is then left as it is, so seeding twice changes nothing).
 */
export async function seedDemoPatrolAreas(deps: AppDeps): Promise<{ areas: PatrolAreaRow[]; created: boolean }> {
  const now = deps.clock.now();
  const areas: PatrolAreaRow[] = [];
  let created = false;
  for (const area of DEMO_AREAS) {
    const existing = await findPatrolAreaByName(deps.db, area.name);
    if (existing) {
      areas.push(existing);
      continue;
    }
    areas.push((await insertPatrolArea(deps.db, { ...area, createdAt: now, updatedAt: now }))!);
    created = true;
  }
  return { areas, created };
}
