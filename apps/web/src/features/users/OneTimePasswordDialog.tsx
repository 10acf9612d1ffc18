import { Trans, useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/Modal.tsx';
import { ShownOnceValue } from '@/components/ShownOnceValue.tsx';

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
        <ShownOnceValue
          value={oneTimePassword}
          copyLabel={t`Copy the one-time password`}
          testId="one-time-password"
          large
          note={
            linkSent
              ? t`A link to choose a password was also sent to their email or mobile number.`
              : t`No email or mobile number is on file, so no link was sent.`
          }
        />
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={onClose} data-autofocus>
            <Trans>Done</Trans>
          </button>
        </div>
      </div>
    </Modal>
  );
}
