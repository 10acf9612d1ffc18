import { useId, useRef, useState, type FormEvent } from 'react';
import { MailCheck } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/form/TextField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { mobileNumberProblem, normalizeMobileNumber } from '@/lib/phone.ts';
import { RESIDENT_TEXTS, requestPinReset } from './residents-api.ts';
import { FormAlert } from '@/components/FormAlert.tsx';

type Method = 'sms' | 'email';

// A light check for the browser; the server validates with the shared schema.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface ForgotPinFormProps {
  /** The number already typed in the sign-in form, so it need not be typed twice. */
  initialPhone?: string;
  /** Put the first field in focus when shown (the dialog does that itself). */
  autoFocusField?: boolean;
  /** Say what the link does; off where the page has just said it. */
  withIntro?: boolean;
}

/**
 * docs/product.md §4.1: a reset-PIN link by SMS (mobile number) or by email. The answer is the same
 * whether or not an account exists, so the form never tells who has one.
 */
export function ForgotPinForm({ initialPhone = '', autoFocusField = false, withIntro = true }: ForgotPinFormProps) {
  const { t } = useLingui();
  const [method, setMethod] = useState<Method>('sms');
  const [phone, setPhone] = useState(initialPhone);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  const groupName = useId();

  function choose(next: Method) {
    setMethod(next);
    setFieldError(null);
    setFormError(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const problem =
      method === 'sms'
        ? mobileNumberProblem(phone)
        : email.trim() === ''
          ? t`Enter your email address`
          : EMAIL_PATTERN.test(email.trim())
            ? null
            : t`Enter a valid email address`;
    setFieldError(problem);
    if (problem) {
      fieldRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const result = await requestPinReset(
        method === 'sms' ? { phoneNumber: normalizeMobileNumber(phone)! } : { email: email.trim().toLowerCase() },
      );
      setAnswer(result.message);
    } catch (error) {
      const field = error instanceof ApiError ? error.fields.find((item) => item.field === 'phoneNumber' || item.field === 'email') : undefined;
      if (field) {
        setFieldError(field.message);
        fieldRef.current?.focus();
      } else if (error instanceof ApiError && (error.isNetwork || error.status === 429)) {
        // The per-device limit says to try again later; a network failure says to check the connection.
        setFormError(error.message);
      } else {
        setFormError(RESIDENT_TEXTS.somethingWrong);
      }
    } finally {
      setBusy(false);
    }
  }

  if (answer) {
    return (
      <div className="flex flex-col items-center gap-3 py-2 text-center" role="status">
        <MailCheck className="h-10 w-10 text-success" aria-hidden="true" />
        <p className="text-lg font-semibold">{method === 'sms' ? t`Check your messages` : t`Check your email`}</p>
        <p className="text-sm text-ink-soft">{answer}</p>
        <p className="text-xs text-muted">
          <Trans>Nothing arrived after a few minutes? Check the number or address, or ask at the barangay hall.</Trans>
        </p>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {withIntro && (
        <p className="text-sm text-ink-soft">
          <Trans>We will send you a link to choose a new PIN. It works once, for 1 hour.</Trans>
        </p>
      )}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">
          <Trans>Send the link by</Trans>
        </legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg border border-line bg-surface-2 p-1">
          {(
            [
              ['sms', t`SMS`],
              ['email', t`Email`],
            ] as const
          ).map(([value, label]) => (
            <label
              key={value}
              className={`segment ${
                method === value ? 'bg-brand-fill text-white shadow-sm' : 'text-ink-soft hover:text-ink'
              }`}
            >
              <input
                type="radio"
                name={groupName}
                value={value}
                className="sr-only"
                checked={method === value}
                onChange={() => choose(value)}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      <FormAlert message={formError} />
      {method === 'sms' ? (
        <TextField
          key="sms"
          ref={fieldRef}
          label={t`Mobile number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0917 123 4567"
          value={phone}
          error={fieldError ?? undefined}
          data-autofocus
          autoFocus={autoFocusField}
          onChange={(event) => {
            setPhone(event.target.value);
            setFieldError(null);
          }}
        />
      ) : (
        <TextField
          key="email"
          ref={fieldRef}
          label={t`Email address`}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          error={fieldError ?? undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setFieldError(null);
          }}
        />
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={busy}>
        {busy ? t`Sending…` : t`Send reset link`}
      </button>
    </form>
  );
}
