import type { PatrolArea } from '@bantay/shared';
import type { PatrolAreaRow } from '../../db/schema/index.ts';

export function presentPatrolArea(row: PatrolAreaRow): PatrolArea {
  return {
    _id: row.id,
    name: row.name,
    color: row.color,
    polygon: row.polygon,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
