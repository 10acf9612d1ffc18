import { useState } from 'react';
import { Copy } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/Modal.tsx';

interface OneTimePasswordDialogProps {
  title: string;
  name: string;
  username: string | null;
  oneTimePassword: string;
  linkSent: boolean;
  onClose(): void;
}

/** Shows a one-time password the only time the server gives it out. */
export function OneTimePasswordDialog({ title, name, username, oneTimePassword, linkSent, onClose }: OneTimePasswordDialogProps) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(oneTimePassword);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Modal title={title} onClose={onClose}>
      <div className="flex flex-col gap-4">
        <p className="text-sm">
          {username ? (
            <Trans>
              Give {name} this one-time password for the username {username}. It is shown only now; at the first sign-in they must choose
              their own.
            </Trans>
          ) : (
            <Trans>Give {name} this one-time password. It is shown only now; at the first sign-in they must choose their own.</Trans>
          )}
        </p>
        <div className="flex items-center gap-2 rounded-lg border border-line bg-surface-2 px-3 py-2">
          <code className="flex-1 break-all font-mono text-lg tracking-wide" data-testid="one-time-password">
            {oneTimePassword}
          </code>
          <button type="button" className="icon-btn" onClick={copy} aria-label={t`Copy the one-time password`}>
            <Copy className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <p className="text-sm text-muted" aria-live="polite">
          {copied ? `${t`Copied.`} ` : ''}
          {linkSent
            ? t`A link to choose a password was also sent to their email or mobile number.`
            : t`No email or mobile number is on file, so no link was sent.`}
        </p>
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
            <Trans>Done</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}
