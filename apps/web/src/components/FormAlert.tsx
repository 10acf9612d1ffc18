import type { Ref } from 'react';

/**
 * A form error that belongs to no single field (a 409 from the server, a failed sign-in): the one
 * markup every form uses for it. `focusRef` lets a form move focus to it after a failed submit.
 */
export function FormAlert({
  message,
  focusRef,
  className = '',
}: {
  message: string | null | undefined;
  focusRef?: Ref<HTMLParagraphElement>;
  className?: string;
}) {
  if (!message) return null;
  return (
    <p
      ref={focusRef}
      tabIndex={focusRef ? -1 : undefined}
      role="alert"
      className={`rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger${className ? ` ${className}` : ''}`}
    >
      {message}
    </p>
  );
}
