import { msg } from '@lingui/core/macro';
import {
  CAMERA_LIMITS,
  INCIDENT_HANDLING_LIMITS,
  type Camera,
  type CameraListResponse,
  type NearestCamerasResponse,
  type createCameraRequestSchema,
  type updateCameraRequestSchema,
} from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { getIncident } from '../incidents/index.ts';
import { presentCamera } from './cameras.presenter.ts';
import { deleteCamera, findCamera, insertCamera, listCameras, listCamerasNear, updateCamera } from './cameras.repository.ts';

/** CCTV cameras (docs/product.md §3). Routes admit staff to read and admins to write. */

type CreateCameraInput = z.output<typeof createCameraRequestSchema>;
type UpdateCameraInput = z.output<typeof updateCameraRequestSchema>;

export async function listAllCameras(deps: AppDeps): Promise<CameraListResponse> {
  return { items: (await listCameras(deps.db, CAMERA_LIMITS.listMax)).map(presentCamera) };
}

export async function createCamera(deps: AppDeps, actor: Actor, input: CreateCameraInput): Promise<Camera> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const created = await insertCamera(tx, {
      name: input.name,
      description: input.description,
      lat: input.location.lat,
      lng: input.location.lng,
      viewingUrl: input.viewingUrl,
      ownerContact: input.ownerContact,
      createdAt: now,
      updatedAt: now,
    });
    await appendAuditEntry(tx, { actor, action: 'create', entity: 'camera', entityId: created.id, after: { name: created.name }, at: now });
    return created;
  });
  return presentCamera(row);
}

export async function editCamera(deps: AppDeps, actor: Actor, id: string, input: UpdateCameraInput): Promise<Camera> {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const before = await findCamera(tx, id);
    if (!before) throw notFound(msg`Camera not found`);
    const updated = await updateCamera(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.location ? { lat: input.location.lat, lng: input.location.lng } : {}),
      ...(input.viewingUrl !== undefined ? { viewingUrl: input.viewingUrl } : {}),
      ...(input.ownerContact !== undefined ? { ownerContact: input.ownerContact } : {}),
      updatedAt: now,
    });
    await appendAuditEntry(tx, {
      actor,
      action: 'update',
      entity: 'camera',
      entityId: id,
      before: { name: before.name, lat: before.lat, lng: before.lng },
      after: { name: updated!.name, lat: updated!.lat, lng: updated!.lng },
      at: now,
    });
    return updated!;
  });
  return presentCamera(row);
}

export async function removeCamera(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const deleted = await deleteCamera(tx, id);
    if (!deleted) throw notFound(msg`Camera not found`);
    await appendAuditEntry(tx, { actor, action: 'delete', entity: 'camera', entityId: id, before: { name: deleted.name }, at: now });
  });
}

/** `GET /api/incidents/{id}/cameras`: for whoever may see the incident. */
export async function nearestCamerasToIncident(
  deps: AppDeps,
  actor: Actor,
  incidentId: string,
  query: { limit: number; radius?: number },
): Promise<NearestCamerasResponse> {
  const incident = await getIncident(deps, actor, incidentId);
  const rows = await listCamerasNear(deps.db, incident.location, { limit: query.limit, radiusMeters: query.radius });
  const at = new Date(incident.occurredAt).getTime();
  const window = INCIDENT_HANDLING_LIMITS.cameraReviewWindowMs;
  return {
    items: rows.map((row) => ({ camera: presentCamera(row.camera), distanceMeters: Math.round(row.distance) })),
    reviewWindow: { from: new Date(at - window).toISOString(), to: new Date(at + window).toISOString() },
  };
}
