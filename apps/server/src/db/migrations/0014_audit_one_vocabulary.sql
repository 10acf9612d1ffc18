-- One audit vocabulary (packages/shared/src/audit.ts): the action is a bare verb, since the entity
-- already says what it was done to, and every entity is spelled with underscores.
UPDATE "audit_entries" SET "action" = CASE "action"
  WHEN 'patrol_area.created' THEN 'create'
  WHEN 'patrol_area.updated' THEN 'update'
  WHEN 'patrol_area.retired' THEN 'retire'
  WHEN 'patrol_area.deleted' THEN 'delete'
  WHEN 'schedule.created' THEN 'create'
  WHEN 'schedule.updated' THEN 'update'
  WHEN 'schedule.deleted' THEN 'delete'
  WHEN 'camera.create' THEN 'create'
  WHEN 'camera.update' THEN 'update'
  WHEN 'camera.delete' THEN 'delete'
  WHEN 'settings.boundary_updated' THEN 'update_boundary'
  WHEN 'performance.report' THEN 'export'
  WHEN 'assistance.approve' THEN 'approve'
  WHEN 'assistance.reject' THEN 'reject'
  WHEN 'assistance.deployed' THEN 'deploy'
  WHEN 'assistance.completed' THEN 'complete'
  WHEN 'assistance.cancelled' THEN 'cancel'
  WHEN 'incident.assign' THEN 'assign'
  WHEN 'incident.resolve' THEN 'resolve'
  WHEN 'incident.rejected' THEN 'reject'
  WHEN 'incident.false_alarm' THEN 'false_alarm'
  ELSE "action"
END
WHERE "action" LIKE '%.%';
--> statement-breakpoint
UPDATE "audit_entries" SET "entity" = 'inventory_item' WHERE "entity" = 'inventory-item';
