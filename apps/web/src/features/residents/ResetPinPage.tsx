import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { LinkIcon } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Loading } from '@/components/Loading.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { dropResidentSession, readResidentSession } from '@/lib/resident-session.ts';
import { notify } from '@/lib/toast.ts';
import { ForgotPinForm } from './ForgotPinForm.tsx';
import { SIGN_IN_PATH } from './paths.ts';
import { PinField } from './PinField.tsx';
import { digitsOnly, newPinProblem, pinConfirmProblem } from './pin-rules.ts';
import { ResidentPageFrame } from './ResidentPageFrame.tsx';
import { checkPinResetLink, generalErrorText, resetPin } from './residents-api.ts';
import { FormAlert } from '@/components/FormAlert.tsx';

type LinkState = 'checking' | 'valid' | 'dead' | 'unreachable';

/**
 * /reset-pin/{token}: the link from the SMS or email (docs/product.md §4.1). The link is checked first, so
 * a used or expired one says so at once, with the form to ask for a new one right there, instead
 * of after the resident has typed a PIN twice.
 */
export default function ResetPinPage() {
  const { t } = useLingui();
  const title = t`Set a new PIN`;
  const { token = '' } = useParams();
  const [, navigate] = useLocation();
  const [linkState, setLinkState] = useState<LinkState>('checking');
  const [attempt, setAttempt] = useState(0);
  const [pin, setPin] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ pin?: string; pinConfirm?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const pinRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    checkPinResetLink(token, controller.signal)
      .then((result) => setLinkState(result.valid ? 'valid' : 'dead'))
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        setLinkState(error instanceof ApiError && error.status === 400 ? 'dead' : 'unreachable');
      });
    return () => controller.abort();
  }, [token, attempt]);

  useEffect(() => {
    if (linkState === 'valid') pinRef.current?.focus();
  }, [linkState]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next = { pin: newPinProblem(pin) ?? undefined, pinConfirm: pinConfirmProblem(pin, confirm) ?? undefined };
    setErrors(next);
    setFormError(null);
    if (next.pin || next.pinConfirm) {
      (next.pin ? pinRef : confirmRef).current?.focus();
      return;
    }
    setBusy(true);
    try {
      await resetPin(token, pin, confirm);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'INVALID_RESET_TOKEN') {
        setLinkState('dead');
        return;
      }
      const field = error instanceof ApiError ? error.fields.find((item) => item.field === 'pin' || item.field === 'pinConfirm') : undefined;
      if (field) {
        setErrors({ [field.field]: field.message });
        (field.field === 'pin' ? pinRef : confirmRef).current?.focus();
      } else {
        setFormError(generalErrorText(error));
      }
      return;
    }
    // The server ended every session of the account; a resident signed in here holds a dead token.
    if (readResidentSession()) dropResidentSession();
    notify.success(t`Your PIN has been changed. Sign in with your new PIN.`);
    navigate(SIGN_IN_PATH, { replace: true });
  }

  const onPinChange = (setter: (value: string) => void, field: 'pin' | 'pinConfirm') => (event: ChangeEvent<HTMLInputElement>) => {
    setter(digitsOnly(event.target.value));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  if (linkState === 'checking') {
    return (
      <ResidentPageFrame title={title}>
        <div className="card flex justify-center">
          <Loading label={t`Checking your link…`} />
        </div>
      </ResidentPageFrame>
    );
  }

  if (linkState === 'dead') return <DeadLink />;

  if (linkState === 'unreachable') {
    return (
      <ResidentPageFrame title={title}>
        <div className="card flex flex-col items-center gap-3 text-center" role="alert">
          <p className="text-sm text-ink-soft">
            <Trans>We could not check your link. Check your connection and try again.</Trans>
          </p>
          <button
            type="button"
            className="btn btn-secondary w-full"
            onClick={() => {
              setLinkState('checking');
              setAttempt((value) => value + 1);
            }}
          >
            <Trans>Try again</Trans>
          </button>
        </div>
      </ResidentPageFrame>
    );
  }

  return (
    <ResidentPageFrame title={title}>
      <form onSubmit={submit} noValidate className="card flex flex-col gap-4">
        <p className="text-sm text-ink-soft">
          <Trans>
            Choose a new 6-digit PIN for your resident account. Avoid your birthday and easy ones like 123456. You will be signed
            out everywhere.
          </Trans>
        </p>
        <FormAlert message={formError} />
        <PinField
          ref={pinRef}
          label={t`New PIN`}
          value={pin}
          error={errors.pin}
          onChange={onPinChange(setPin, 'pin')}
        />
        <PinField
          ref={confirmRef}
          label={t`Confirm new PIN`}
          value={confirm}
          error={errors.pinConfirm}
          onChange={onPinChange(setConfirm, 'pinConfirm')}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? t`Saving…` : t`Set new PIN`}
        </button>
      </form>
    </ResidentPageFrame>
  );
}

/** A used, expired or broken link: say so, and offer a new one on the spot. */
function DeadLink() {
  const { t } = useLingui();
  const [asking, setAsking] = useState(false);
  return (
    <ResidentPageFrame title={t`Set a new PIN`}>
      <div className="card flex flex-col gap-4">
        <div className="flex flex-col items-center gap-3 text-center" role="alert">
          <LinkIcon className="h-10 w-10 text-danger" aria-hidden="true" />
          <h2 className="text-lg font-semibold">
            <Trans>This link no longer works</Trans>
          </h2>
          <p className="text-sm text-ink-soft">
            <Trans>Reset links work once, for 1 hour. This one has expired, was already used, or is incomplete.</Trans>
          </p>
        </div>
        {asking ? (
          <div className="border-t border-line pt-4">
            <ForgotPinForm autoFocusField withIntro={false} />
          </div>
        ) : (
          <button type="button" className="btn btn-primary w-full" onClick={() => setAsking(true)}>
            <Trans>Ask for a new link</Trans>
          </button>
        )}
      </div>
    </ResidentPageFrame>
  );
}
