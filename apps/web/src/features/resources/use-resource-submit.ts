import { useState } from 'react';
import { useRefreshResources } from './resources-api.ts';
import { failureMessage, serverFieldErrors } from './resource-rules.ts';

interface ResourceSubmitOptions<Field extends string> {
  /** The fields that show their own message, in the order they appear (the first one is focused). */
  fields: readonly Field[];
  /** The form alert's text when the server refuses without naming a field. */
  failure: string;
  /**
   * Shows a field's message where the form keeps it (react-hook-form's `setError`, say). Without
   * it the hook keeps them in `fieldErrors`.
   */
  setFieldError?(field: Field, message: string, focus: boolean): void;
}

/**
 * What the resource dialogs (item, vehicle, loan, return, trips) do on submit: a message beside each
 * field the schema or the server names, the rest in the form alert, a busy flag while saving, and
 * the lists refreshed after every attempt (a refused loan may mean the stock changed meanwhile).
 */
export function useResourceSubmit<Field extends string>({ fields, failure, setFieldError }: ResourceSubmitOptions<Field>) {
  const refresh = useRefreshResources();
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  /** Replaces the shown errors with `found`; true when any was shown. */
  function showErrors(found: Record<string, string>): boolean {
    setFormError(null);
    const beside: Partial<Record<Field, string>> = {};
    let first = true;
    for (const field of fields) {
      const message = found[field];
      if (!message) continue;
      if (setFieldError) setFieldError(field, message, first);
      else beside[field] = message;
      first = false;
    }
    setFieldErrors(beside);
    if (!first) return true;
    const rest = Object.values(found)[0];
    if (rest) setFormError(rest);
    return Boolean(rest);
  }

  /** Runs `request` with the errors cleared; true when it succeeded. */
  async function save(request: () => Promise<unknown>): Promise<boolean> {
    showErrors({});
    setBusy(true);
    try {
      await request();
      return true;
    } catch (error) {
      if (!showErrors(serverFieldErrors(error))) setFormError(failureMessage(error, failure));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  return { formError, fieldErrors, busy, showErrors, save, refresh };
}
