import { notifyCustom, notify } from '@/lib/toast.ts';
import { TWO_FACTOR_TEXTS, disableTwoFactor } from './two-factor-api.ts';

/** Toasts sharing this id replace each other, so a second click does not stack two questions. */
const CONFIRM_TOAST_ID = 'confirm-disable-2fa';

/**
 * docs/product.md §A4: turning SMS authentication off from the avatar menu asks first, with a confirmation
 * toast in the top bar; Confirm disables it, Cancel leaves it on. `onChanged` re-reads the user.
 */
export function askToDisableTwoFactor(onChanged: () => Promise<void> | void): void {
  notifyCustom(
    ({ closeToast }) => (
      <div role="alertdialog" aria-label="Disable two-factor authentication?" className="flex flex-col gap-3">
        <p className="font-semibold">Disable two-factor authentication?</p>
        <p className="text-sm">Signing in will no longer ask for a code sent to your phone.</p>
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-secondary min-h-9 px-3" onClick={() => closeToast()}>
            Cancel
          </button>
          <button
            type="button"
            className="btn btn-danger min-h-9 px-3"
            autoFocus
            onClick={() => {
              closeToast();
              void disable(onChanged);
            }}
          >
            Confirm
          </button>
        </div>
      </div>
    ),
    { toastId: CONFIRM_TOAST_ID, autoClose: false, closeOnClick: false, draggable: false, closeButton: false, icon: false },
  );
}

async function disable(onChanged: () => Promise<void> | void) {
  try {
    await disableTwoFactor();
  } catch {
    notify.error(TWO_FACTOR_TEXTS.disableFailed);
    return;
  }
  notify.success(TWO_FACTOR_TEXTS.disabled);
  await onChanged();
}
