import { Trans, useLingui } from '@lingui/react/macro';
import { notifyCustom, notify } from '@/lib/toast.ts';
import { disableTwoFactor, twoFactorText } from './two-factor-api.ts';

/** Toasts sharing this id replace each other, so a second click does not stack two questions. */
const CONFIRM_TOAST_ID = 'confirm-disable-2fa';

/** The question in the top bar; a component of its own, so it follows the language on screen. */
function DisableQuestion({ onCancel, onConfirm }: { onCancel(): void; onConfirm(): void }) {
  const { t } = useLingui();
  return (
    <div role="alertdialog" aria-label={t`Disable two-factor authentication?`} className="flex flex-col gap-3">
      <p className="font-semibold">
        <Trans>Disable two-factor authentication?</Trans>
      </p>
      <p className="text-sm">
        <Trans>Signing in will no longer ask for a code sent to your phone.</Trans>
      </p>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-secondary min-h-9 px-3" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="btn btn-danger min-h-9 px-3" autoFocus onClick={onConfirm}>
          <Trans>Confirm</Trans>
        </button>
      </div>
    </div>
  );
}

/**
 * docs/product.md §A4: turning SMS authentication off from the avatar menu asks first, with a confirmation
 * toast in the top bar; Confirm disables it, Cancel leaves it on. `onChanged` re-reads the user.
 */
export function askToDisableTwoFactor(onChanged: () => Promise<void> | void): void {
  notifyCustom(
    ({ closeToast }) => (
      <DisableQuestion
        onCancel={() => closeToast()}
        onConfirm={() => {
          closeToast();
          void disable(onChanged);
        }}
      />
    ),
    { toastId: CONFIRM_TOAST_ID, autoClose: false, closeOnClick: false, draggable: false, closeButton: false, icon: false },
  );
}

async function disable(onChanged: () => Promise<void> | void) {
  try {
    await disableTwoFactor();
  } catch {
    notify.error(twoFactorText('disableFailed'));
    return;
  }
  notify.success(twoFactorText('disabled'));
  await onChanged();
}
