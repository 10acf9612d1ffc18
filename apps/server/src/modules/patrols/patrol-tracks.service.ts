import type { GeoJsonFeatureCollection, PatrolListQuery } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../http/actor.ts';
import { listTrackPointsOf } from './patrols.repository.ts';
import { patrolsAsked } from './patrols.service.ts';

/**
 * `GET /api/patrols/tracks.geojson` (docs/decisions/034-the-integration-kit.md): the patrols the
 * list would give, each walked track a LineString with its tanod, area and times. A patrol with
 * fewer than two points has no line and is left out.
 */
export async function patrolTracksGeoJson(deps: AppDeps, actor: Actor, query: PatrolListQuery): Promise<GeoJsonFeatureCollection> {
  const rows = await patrolsAsked(deps, actor, query);
  const points = await listTrackPointsOf(
    deps.db,
    rows.map((row) => row.patrol.id),
  );
  const lines = new Map<string, number[][]>();
  for (const point of points) {
    if (!point.patrolId) continue;
    const line = lines.get(point.patrolId) ?? [];
    line.push([point.lng, point.lat]);
    lines.set(point.patrolId, line);
  }
  return {
    type: 'FeatureCollection',
    features: rows.flatMap(({ patrol, area, tanod, schedule }) => {
      const coordinates = lines.get(patrol.id) ?? [];
      if (coordinates.length < 2) return [];
      return [
        {
          type: 'Feature' as const,
          id: patrol.id,
          geometry: { type: 'LineString' as const, coordinates },
          properties: {
            tanod: `${tanod.firstName} ${tanod.lastName}`,
            area: area.name,
            scheduledStart: schedule.startsAt.toISOString(),
            startedAt: patrol.startedAt?.toISOString() ?? null,
            endedAt: patrol.endedAt?.toISOString() ?? null,
            points: coordinates.length,
          },
        },
      ];
    }),
  };
}
