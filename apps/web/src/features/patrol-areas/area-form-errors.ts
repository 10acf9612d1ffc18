import { t } from '@lingui/core/macro';
import { ApiError } from '@/lib/api-client.ts';

export type AreaField = 'name' | 'color' | 'polygon';

/**
 * A refused save as messages per field: the server's field errors go next to their field, and
 * anything else (a name already used, a shape outside the boundary) where it belongs by its field,
 * else under the shape, which is what most refusals are about. Called when a save fails, so its own
 * line is in the language on screen then.
 */
export function areaErrors(error: unknown): Partial<Record<AreaField | 'form', string>> {
  if (!(error instanceof ApiError)) return { form: t`Could not save the area. Try again.` };
  if (error.isNetwork) return { form: error.message };
  const result: Partial<Record<AreaField | 'form', string>> = {};
  for (const field of error.fields) {
    const key = field.field.split('.')[0] as AreaField;
    if (key === 'name' || key === 'color' || key === 'polygon') result[key] ??= field.message;
    else result.form ??= field.message;
  }
  if (Object.keys(result).length === 0) {
    if (error.code === 'CONFLICT') result.name = error.message;
    else result.form = error.message;
  }
  return result;
}
