import { useState, type ReactNode } from 'react';
import { Copy, TriangleAlert } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { copyText } from '@/lib/copy-text.ts';

interface ShownOnceValueProps {
  value: string;
  /** The copy button's name for screen readers ("Copy the key"). */
  copyLabel: string;
  testId: string;
  /** What to do with it, said under the box; "Copied." goes before it once copied. */
  note: ReactNode;
  /** Said above the box as an alert: that it is shown only now, and what holding it allows. */
  warning?: ReactNode;
  /** A password someone reads out or types: bigger and spaced. */
  large?: boolean;
}

/**
 * A secret the server gives out only once (a one-time password, an API key, a webhook's signing
 * secret): the value in a box with a copy button, and a note that says when it was copied.
 */
export function ShownOnceValue({ value, copyLabel, testId, note, warning, large = false }: ShownOnceValueProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <>
      {warning && (
        <p className="flex gap-2 rounded-lg bg-amber-500/15 p-3 text-sm text-amber-900 dark:text-amber-200" role="alert">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          {warning}
        </p>
      )}
      <div className="flex items-center gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2">
        <code className={`flex-1 break-all font-mono ${large ? 'text-lg tracking-wide' : 'text-sm'}`} data-testid={testId}>
          {value}
        </code>
        <button type="button" className="icon-btn" onClick={() => void copyText(value).then(setCopied)} aria-label={copyLabel}>
          <Copy className="h-5 w-5" aria-hidden="true" />
        </button>
      </div>
      <p className="text-sm text-muted" aria-live="polite">
        {copied ? `${t`Copied.`} ` : ''}
        {note}
      </p>
    </>
  );
}
