import { EMERGENCY_TYPES, type IncidentType } from '@bantay/shared';

/**
 * The emergency form's choices: the barangay's emergency types, plus its "Other"; the standard
 * list when the settings name none. The same rule as the app's emergency screen
 * (`emergencyTypes` in apps/web/src/features/report/report-rules.ts), written again here rather
 * than shared: the shared `limits.ts` is part of the landing page's first script chunk
 * (`public-parts` in apps/web/vite.config.ts), and the rule is only the report page's.
 */
export function emergencyTypes(types: readonly IncidentType[]): string[] {
  if (types.length === 0) return [...EMERGENCY_TYPES];
  const names = types.filter((type) => type.classification === 'emergency').map((type) => type.name);
  const other = types.find((type) => type.name.trim().toLowerCase() === 'other');
  if (other && !names.includes(other.name)) names.push(other.name);
  return names.length > 0 ? names : types.map((type) => type.name);
}
