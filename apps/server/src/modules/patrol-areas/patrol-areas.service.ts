import { msg } from '@lingui/core/macro';
import {
  polygonInsidePolygon,
  type CreatePatrolAreaRequest,
  type GeoJsonFeatureCollection,
  type DeletePatrolAreaResponse,
  type PatrolArea,
  type Polygon,
  type UpdatePatrolAreaRequest,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { uniqueViolation } from '../../db/unique-violation.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { findSettings } from '../settings/index.ts';
import {
  deletePatrolArea,
  findPatrolArea,
  findPatrolAreaByName,
  insertPatrolArea,
  isPatrolAreaUsed,
  listPatrolAreas,
  updatePatrolArea,
} from './patrol-areas.repository.ts';
import { presentPatrolArea } from './patrol-areas.presenter.ts';

const nameTaken = (name: string) =>
  new AppError('CONFLICT', msg`An area named "${name}" already exists`, { fields: [{ field: 'name', message: msg`This name is already used` }] });

/** An area must lie inside the barangay once a boundary is drawn (docs/product.md §4.6). */
async function assertInsideBoundary(deps: AppDeps, polygon: Polygon): Promise<void> {
  const boundary = (await findSettings(deps.db))?.boundary;
  if (boundary && !polygonInsidePolygon(polygon, boundary)) {
    const message = msg`The area must lie inside the barangay boundary`;
    throw new AppError('VALIDATION_FAILED', message, { fields: [{ field: 'polygon', message }] });
  }
}

export async function listAreas(deps: AppDeps, includeRetired: boolean): Promise<PatrolArea[]> {
  return (await listPatrolAreas(deps.db, includeRetired)).map(presentPatrolArea);
}

/** `GET /api/patrol-areas.geojson`: the areas as GeoJSON Polygons with their name, colour and state, for other maps. */
export async function patrolAreasGeoJson(deps: AppDeps, includeRetired: boolean): Promise<GeoJsonFeatureCollection> {
  const areas = await listAreas(deps, includeRetired);
  return {
    type: 'FeatureCollection',
    features: areas.map((area) => ({
      type: 'Feature',
      id: area._id,
      geometry: area.polygon,
      properties: { name: area.name, color: area.color, active: area.active, updatedAt: area.updatedAt },
    })),
  };
}

export async function createPatrolArea(deps: AppDeps, actor: Actor, input: CreatePatrolAreaRequest): Promise<PatrolArea> {
  const name = input.name.trim();
  await assertInsideBoundary(deps, input.polygon);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await insertPatrolArea(tx, { name, color: input.color.toLowerCase(), polygon: input.polygon, createdAt: now, updatedAt: now });
    if (!row) throw nameTaken(name);
    await appendAuditEntry(tx, { actor, action: 'create', entity: 'patrol_area', entityId: row.id, after: { name, color: row.color }, at: now });
    return presentPatrolArea(row);
  });
}

export async function editPatrolArea(deps: AppDeps, actor: Actor, id: string, input: UpdatePatrolAreaRequest): Promise<PatrolArea> {
  const existing = await findPatrolArea(deps.db, id);
  if (!existing) throw notFound(msg`Patrol area not found`);
  if (input.polygon) await assertInsideBoundary(deps, input.polygon);
  const name = input.name?.trim();
  if (name && name.toLowerCase() !== existing.name.toLowerCase()) {
    const other = await findPatrolAreaByName(deps.db, name);
    if (other && other.id !== id) throw nameTaken(name);
  }
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const row = await updatePatrolArea(tx, id, {
      ...(name ? { name } : {}),
      ...(input.color ? { color: input.color.toLowerCase() } : {}),
      ...(input.polygon ? { polygon: input.polygon } : {}),
      ...(input.active === undefined ? {} : { active: input.active }),
      updatedAt: now,
    }).catch((error: unknown) => {
      // The unique index still guards a rename that raced another one.
      if (name && uniqueViolation(error) !== null) throw nameTaken(name);
      throw error;
    });
    if (!row) throw notFound(msg`Patrol area not found`);
    await appendAuditEntry(tx, {
      actor,
      action: 'update',
      entity: 'patrol_area',
      entityId: id,
      before: { name: existing.name, color: existing.color, active: existing.active },
      after: { name: row.name, color: row.color, active: row.active, polygonChanged: Boolean(input.polygon) },
      at: now,
    });
    return presentPatrolArea(row);
  });
}

/** Deletes an unused area; retires one that schedules use, so their history keeps it. */
export async function removePatrolArea(deps: AppDeps, actor: Actor, id: string): Promise<DeletePatrolAreaResponse> {
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx) => {
    const existing = await findPatrolArea(tx, id);
    if (!existing) throw notFound(msg`Patrol area not found`);
    const used = await isPatrolAreaUsed(tx, id);
    if (used) await updatePatrolArea(tx, id, { active: false, updatedAt: now });
    else await deletePatrolArea(tx, id);
    const outcome = used ? 'retired' : 'deleted';
    await appendAuditEntry(tx, { actor, action: used ? 'retire' : 'delete', entity: 'patrol_area', entityId: id, before: { name: existing.name }, at: now });
    return { outcome };
  });
}
