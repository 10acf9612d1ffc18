import { useId, useState } from 'react';
import PhoneInput from 'react-phone-number-input';
// Bundled flag drawings: without them the component fetches each flag from a public CDN, which
// the content security policy blocks and offline barangay halls cannot reach.
import flags from 'react-phone-number-input/flags';
import 'react-phone-number-input/style.css';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SECURITY_LIMITS } from '@bantay/shared/limits';
import { Modal } from '@/components/Modal.tsx';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';
import { solveBotCheck } from '@/lib/bot-check.ts';
import { useResendCountdown } from '@/lib/use-resend-countdown.ts';
import {
  canEnable,
  canSendCode,
  disableTwoFactor,
  enableErrorText,
  enableTwoFactor,
  sendCode,
  sendCodeErrorText,
  twoFactorText,
} from './two-factor-api.ts';

type Busy = 'sending' | 'enabling' | 'disabling' | null;

interface TwoFactorDialogProps {
  onClose(): void;
}

/**
 * docs/product.md §A2 two-factor dialog: phone number (Philippines by default), Send Code behind the
 * invisible bot-check, the 6-digit code, Enable 2FA and Disable 2FA. Loaded only when opened.
 */
export default function TwoFactorDialog({ onClose }: TwoFactorDialogProps) {
  const { t } = useLingui();
  const { user, refresh } = useSession();
  const enabled = user?.twoFactorEnabled ?? false;
  const [phone, setPhone] = useState<string>(user?.phoneNumber ?? '');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<Busy>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const { secondsLeft: waitSeconds, restart: restartCountdown } = useResendCountdown();
  const phoneId = useId();
  const codeId = useId();

  async function onSendCode() {
    setBusy('sending');
    setPhoneError(null);
    try {
      const botCheck = await solveBotCheck();
      const sent = await sendCode(phone, botCheck);
      setSentTo(sent.phoneNumber);
      restartCountdown(sent.resendAfterSeconds);
      setCode('');
      setCodeError(null);
      notify.success(twoFactorText('codeSent'));
    } catch (error) {
      const text = sendCodeErrorText(error);
      if (text === twoFactorText('invalidPhone')) setPhoneError(text);
      notify.error(text);
    } finally {
      setBusy(null);
    }
  }

  async function onEnable() {
    setBusy('enabling');
    setCodeError(null);
    try {
      await enableTwoFactor(phone, code);
      notify.success(twoFactorText('enabled'));
      await refresh();
      onClose();
    } catch (error) {
      const text = enableErrorText(error);
      if (text === twoFactorText('invalidPhone')) setPhoneError(text);
      else setCodeError(text);
      notify.error(text);
      setBusy(null);
    }
  }

  async function onDisable() {
    setBusy('disabling');
    try {
      await disableTwoFactor();
      notify.success(twoFactorText('disabled'));
      await refresh();
      onClose();
    } catch {
      notify.error(twoFactorText('disableFailed'));
      setBusy(null);
    }
  }

  const sendLabel = busy === 'sending' ? t`Sending…` : waitSeconds > 0 ? t`Resend in ${waitSeconds}s` : sentTo ? t`Resend Code` : t`Send Code`;
  const phoneNumber = user?.phoneNumber;

  return (
    <Modal title={t`Two-Factor Authentication Settings`} onClose={onClose}>
      <div className="flex flex-col gap-5">
        <div
          className={`flex items-start gap-3 rounded-lg px-3 py-2.5 text-sm ${enabled ? 'bg-success/10 text-ink' : 'bg-surface-2 text-ink-soft'}`}
          data-testid="two-factor-status"
        >
          {enabled ? (
            <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-success" aria-hidden="true" />
          ) : (
            <ShieldOff className="mt-0.5 h-5 w-5 shrink-0 text-muted" aria-hidden="true" />
          )}
          <p>
            {enabled ? (
              <Trans>
                <strong className="font-semibold">SMS authentication is on.</strong> Each sign-in asks for a code sent to{' '}
                <span className="whitespace-nowrap">{phoneNumber}</span>.
              </Trans>
            ) : (
              <Trans>
                <strong className="font-semibold">SMS authentication is off.</strong> Turn it on and each sign-in will ask for a
                6-digit code sent to your phone.
              </Trans>
            )}
          </p>
        </div>

        <div>
          <label htmlFor={phoneId} className="mb-1.5 block text-sm font-medium">
            <Trans>Phone number</Trans>
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <PhoneInput
              id={phoneId}
              className="phone-field min-w-0 flex-1"
              defaultCountry="PH"
              flags={flags}
              value={phone}
              onChange={(value) => {
                setPhone(value ?? '');
                setPhoneError(null);
              }}
              countrySelectProps={{ 'aria-label': t`Country` }}
              numberInputProps={{
                className: 'input',
                autoComplete: 'tel',
                // The Modal focuses this first.
                'data-autofocus': true,
                'aria-invalid': phoneError ? true : undefined,
                'aria-describedby': phoneError ? `${phoneId}-error` : `${phoneId}-hint`,
              }}
              disabled={busy !== null}
            />
            <button
              type="button"
              className="btn btn-secondary shrink-0 sm:w-36"
              disabled={!canSendCode(phone, busy !== null) || waitSeconds > 0}
              onClick={() => void onSendCode()}
            >
              {sendLabel}
            </button>
          </div>
          {phoneError ? (
            <p id={`${phoneId}-error`} className="mt-1 text-sm text-danger">
              {phoneError}
            </p>
          ) : (
            <p id={`${phoneId}-hint`} className="mt-1 text-xs text-muted" aria-live="polite">
              {sentTo
                ? t`We sent a 6-digit code to ${sentTo}. It expires in 5 minutes.`
                : t`A mobile number that can receive SMS. Philippine numbers may start with 09.`}
            </p>
          )}
        </div>

        <div>
          <label htmlFor={codeId} className="mb-1.5 block text-sm font-medium">
            <Trans>Verification code</Trans>
          </label>
          <input
            id={codeId}
            className="input text-center font-mono text-xl tracking-[0.4em]"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={SECURITY_LIMITS.codeLength}
            value={code}
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${codeId}-error` : undefined}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, SECURITY_LIMITS.codeLength));
              setCodeError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && canEnable(code, busy !== null)) void onEnable();
            }}
          />
          {codeError && (
            <p id={`${codeId}-error`} className="mt-1 text-sm text-danger">
              {codeError}
            </p>
          )}
        </div>

        <div className="flex flex-col-reverse gap-2 border-t border-line pt-4 sm:flex-row sm:justify-between">
          <button
            type="button"
            className="btn border border-danger/40 text-danger hover:bg-danger/10"
            disabled={!enabled || busy !== null}
            onClick={() => void onDisable()}
          >
            {busy === 'disabling' ? t`Disabling…` : t`Disable 2FA`}
          </button>
          <button type="button" className="btn btn-primary" disabled={!canEnable(code, busy !== null)} onClick={() => void onEnable()}>
            {busy === 'enabling' ? t`Enabling…` : t`Enable 2FA`}
          </button>
        </div>
      </div>
    </Modal>
  );
}
