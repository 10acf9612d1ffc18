import { lazy, Suspense } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loading } from '@/components/Loading.tsx';
import { Modal } from '@/components/Modal.tsx';

function DialogUnavailable({ onClose }: { onClose(): void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Two-Factor Authentication Settings`} onClose={onClose}>
      <p role="alert" className="text-sm">
        <Trans>The settings could not be loaded. Check your connection, then reload the page and try again.</Trans>
      </p>
    </Modal>
  );
}

// The dialog, the phone input with its flags and the bot-check widget arrive only when opened,
// so the staff layout stays light.
const TwoFactorDialog = lazy(() => import('./TwoFactorDialog.tsx').catch(() => ({ default: DialogUnavailable })));

/** Renders the two-factor dialog while `open`; its code is fetched on the first opening. */
export function TwoFactorDialogHost({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useLingui();
  if (!open) return null;
  return (
    <Suspense
      fallback={
        <div className="fixed inset-0 z-[60] flex items-center justify-center bg-black/40">
          <Loading label={t`Loading two-factor settings…`} />
        </div>
      }
    >
      <TwoFactorDialog onClose={onClose} />
    </Suspense>
  );
}
