import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { FormSection, PhotoPicker } from './SignupFormParts.tsx';
import { Link, useLocation } from 'wouter';
import { useForm, useWatch, type UseFormRegisterReturn } from 'react-hook-form';
import { CheckCircle2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/form/TextField.tsx';
import { PinField } from './PinField.tsx';
import { SECURITY_LIMITS } from '@bantay/shared/limits';
import { solveBotCheck } from '@/lib/bot-check.ts';
import { useResendCountdown } from '@/lib/use-resend-countdown.ts';
import { applyAccountLanguage } from '@/lib/account-language.ts';
import { startResidentSession, useResidentSession } from '@/lib/resident-session.ts';
import { notify } from '@/lib/toast.ts';
import { formatMobileNumber, mobileNumberProblem, normalizeMobileNumber } from '@/lib/phone.ts';
import { digitsOnly, newPinProblem, PIN_LENGTH, pinConfirmProblem } from './pin-rules.ts';
import { SIGN_IN_PATH } from './paths.ts';
import { ResidentPageFrame } from './ResidentPageFrame.tsx';
import { PrivacyNoticeLine } from '@/components/PrivacyNoticeLine.tsx';
import { residentSignup, sendSignupCode, uploadResidentPhoto } from './residents-api.ts';
import { photoProblem, sendCodeErrorText, signupFailure } from './signup-errors.ts';
import { FormAlert } from '@/components/FormAlert.tsx';
import { HomeLocationFields, type HomeLocationValue } from '@/components/form/HomeLocationFields.tsx';
import { usePuroks } from '@/lib/puroks.ts';

interface Values {
  firstName: string;
  middleName: string;
  lastName: string;
  birthday: string;
  address: string;
  phoneNumber: string;
  code: string;
  pin: string;
  pinConfirm: string;
  email: string;
}

// A light check for the browser; the server validates with the shared schema.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ADDRESS_MAX = 300;
const NAME_MAX = 80;

/** Today as YYYY-MM-DD on this device, the latest possible birthday. */
const today = () => new Date().toLocaleDateString('en-CA');


/** Keeps only digits in a PIN or code field as it is typed or pasted, then tells the form. */
function digitsField(registration: UseFormRegisterReturn, max: number): UseFormRegisterReturn {
  return {
    ...registration,
    onChange: (event: { target: HTMLInputElement }) => {
      event.target.value = digitsOnly(event.target.value, max);
      return registration.onChange(event);
    },
  };
}

/**
 * /resident-signup (docs/product.md §4.1): name, birthday, address, a mobile number proven with an SMS
 * code (the code send is guarded by the invisible bot-check), a 6-digit PIN chosen twice, and an
 * optional email and photo. The server's refusals appear next to the field they concern. On
 * success the resident is signed in and lands on the home page.
 */
export default function ResidentSignupPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const resident = useResidentSession();
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const countdown = useResendCountdown();
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [home, setHome] = useState<HomeLocationValue>({ purok: '', pin: null });
  const [homeErrors, setHomeErrors] = useState<{ homePurok?: string; homePin?: string }>({});
  const puroks = usePuroks();
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    setFocus,
    setValue,
    trigger,
    control,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { firstName: '', middleName: '', lastName: '', birthday: '', address: '', phoneNumber: '', code: '', pin: '', pinConfirm: '', email: '' },
  });
  const phone = useWatch({ control, name: 'phoneNumber' });
  const normalizedPhone = normalizeMobileNumber(phone);
  const codeIsForThisNumber = sentTo !== null && sentTo === normalizedPhone;
  const waitSeconds = codeIsForThisNumber ? countdown.secondsLeft : 0;
  const phoneId = useId();

  useEffect(() => {
    if (formError) formErrorRef.current?.focus();
  }, [formError]);

  async function onSendCode() {
    if (!(await trigger('phoneNumber'))) {
      setFocus('phoneNumber');
      return;
    }
    setSending(true);
    setFormError(null);
    try {
      const botCheck = await solveBotCheck();
      const sent = await sendSignupCode(normalizedPhone!, botCheck);
      setSentTo(sent.phoneNumber);
      countdown.restart(sent.resendAfterSeconds);
      setValue('code', '');
      clearErrors('code');
      setFocus('code');
    } catch (error) {
      setError('phoneNumber', { message: sendCodeErrorText(error) }, { shouldFocus: true });
    } finally {
      setSending(false);
    }
  }

  function onPhotoChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    setPhoto(problem ? null : file);
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setHomeErrors({});
    let result;
    try {
      result = await residentSignup({
        firstName: values.firstName.trim(),
        middleName: values.middleName.trim() || undefined,
        lastName: values.lastName.trim(),
        birthday: values.birthday,
        address: values.address.trim(),
        phoneNumber: normalizedPhone ?? values.phoneNumber.trim(),
        code: values.code,
        pin: values.pin,
        pinConfirm: values.pinConfirm,
        email: values.email.trim() || undefined,
        homePurok: home.purok || undefined,
        homePin: home.pin ?? undefined,
      });
    } catch (error) {
      const failure = signupFailure(error);
      // The home's fields live outside the form library: their errors go to their own state.
      const formFields = failure.fields.filter((item) => item.field !== 'homePurok' && item.field !== 'homePin');
      formFields.forEach((item, index) =>
        setError(item.field as Exclude<typeof item.field, 'homePurok' | 'homePin'>, { message: item.message }, { shouldFocus: index === 0 }),
      );
      setHomeErrors(
        Object.fromEntries(failure.fields.filter((item) => item.field === 'homePurok' || item.field === 'homePin').map((item) => [item.field, item.message])),
      );
      setFormError(failure.general);
      return;
    }
    // The photo goes up before the session is stored, so the page keeps its frame until it leaves.
    if (photo) {
      try {
        await uploadResidentPhoto(photo, result.token);
      } catch {
        notify.warning(t`Your account is ready, but the photo could not be uploaded.`);
      }
    }
    setDone(true);
    startResidentSession(result);
    void applyAccountLanguage(result);
    const firstName = values.firstName.trim();
    notify.success(t`Welcome, ${firstName}! Your account is ready and you are signed in.`);
    navigate('/', { replace: true });
  });

  if (resident && !done) {
    return (
      <ResidentPageFrame title={t`Resident sign-up`}>
        <div className="card flex flex-col items-center gap-3 text-center">
          <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
          <p className="font-semibold">
            <Trans>You are signed in to your resident account.</Trans>
          </p>
          <p className="text-sm text-ink-soft">
            <Trans>To make another account, press Back at the top first.</Trans>
          </p>
          <Link to="/" className="btn btn-primary w-full">
            <Trans>Go to the home page</Trans>
          </Link>
        </div>
      </ResidentPageFrame>
    );
  }

  const sendLabel = sending ? t`Sending…` : waitSeconds > 0 ? t`Resend in ${waitSeconds}s` : codeIsForThisNumber ? t`Resend code` : t`Send code`;
  const sentToNumber = codeIsForThisNumber ? formatMobileNumber(sentTo) : '';
  const phoneHint = codeIsForThisNumber
    ? t`We sent a 6-digit code to ${sentToNumber}. It expires in 5 minutes.`
    : sentTo
      ? t`You changed the number: send a code to this one.`
      : t`We text you a 6-digit code to check that the number is yours.`;
  // Each required field says its own name (a sentence per field reads right in Filipino too).
  const required = (message: string) => (value: string) => value.trim() !== '' || message;

  return (
    <ResidentPageFrame title={t`Resident sign-up`} widthClass="max-w-xl">
      <form onSubmit={onSubmit} noValidate className="card flex flex-col gap-6" aria-label={t`Resident sign-up`}>
        <FormAlert message={formError} focusRef={formErrorRef} />

        <FormSection title={t`About you`} first>
          <TextField
            label={t`First name`}
            autoComplete="given-name"
            autoCapitalize="words"
            maxLength={NAME_MAX}
            error={errors.firstName?.message}
            {...register('firstName', { validate: required(t`First name is required`) })}
          />
          <TextField
            label={t`Middle name (optional)`}
            autoComplete="additional-name"
            autoCapitalize="words"
            maxLength={NAME_MAX}
            error={errors.middleName?.message}
            {...register('middleName')}
          />
          <TextField
            label={t`Last name`}
            autoComplete="family-name"
            autoCapitalize="words"
            maxLength={NAME_MAX}
            error={errors.lastName?.message}
            {...register('lastName', { validate: required(t`Last name is required`) })}
          />
          <TextField
            label={t`Birthday`}
            type="date"
            autoComplete="bday"
            min="1900-01-01"
            max={today()}
            error={errors.birthday?.message}
            {...register('birthday', {
              validate: (value) =>
                value === '' ? t`Birthday is required` : value > today() || value < '1900-01-01' ? t`Enter your real birthday` : true,
            })}
          />
          <TextField
            label={t`Home address`}
            autoComplete="street-address"
            placeholder={t`House no., street, purok`}
            maxLength={ADDRESS_MAX}
            error={errors.address?.message}
            {...register('address', { validate: required(t`Address is required`) })}
          />
        </FormSection>

        <FormSection
          title={t`Your home`}
          note={t`Optional. With it, a text or a missed call from your number to the barangay phone brings the tanods to your home, even without mobile data.`}
        >
          <HomeLocationFields
            value={home}
            onChange={(next) => {
              setHome(next);
              setHomeErrors({});
            }}
            puroks={puroks.puroks}
            puroksFailed={puroks.failed}
            onRetryPuroks={puroks.retry}
            purokError={homeErrors.homePurok}
            pinError={homeErrors.homePin}
          />
        </FormSection>

        <FormSection title={t`Your mobile number`} note={t`You sign in with it. It must be able to receive SMS.`}>
          <div>
            <label htmlFor={phoneId} className="mb-1.5 block text-sm font-medium">
              <Trans>Mobile number</Trans>
            </label>
            <div className="flex gap-2">
              <input
                id={phoneId}
                className="input min-w-0 flex-1"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="0917 123 4567"
                aria-invalid={errors.phoneNumber ? true : undefined}
                aria-describedby={`${phoneId}-note`}
                {...register('phoneNumber', { validate: (value) => mobileNumberProblem(value) ?? true })}
              />
              <button
                type="button"
                className="btn btn-secondary w-36 shrink-0 whitespace-nowrap px-3"
                disabled={sending || waitSeconds > 0}
                onClick={() => void onSendCode()}
              >
                {sendLabel}
              </button>
            </div>
            {errors.phoneNumber ? (
              <p id={`${phoneId}-note`} className="mt-1 text-sm text-danger">
                {errors.phoneNumber.message}
              </p>
            ) : (
              <p id={`${phoneId}-note`} className="mt-1 text-xs text-muted" aria-live="polite">
                {phoneHint}
              </p>
            )}
          </div>
          <TextField
            label={t`Verification code`}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={SECURITY_LIMITS.codeLength}
            className="[&_input]:font-mono [&_input]:tracking-[0.4em]"
            error={errors.code?.message}
            {...digitsField(
              register('code', {
                validate: (value) =>
                  !codeIsForThisNumber
                    ? t`Send a code to your mobile number first`
                    : value.length === SECURITY_LIMITS.codeLength || t`Enter the 6-digit code`,
              }),
              SECURITY_LIMITS.codeLength,
            )}
          />
        </FormSection>

        <FormSection title={t`Your PIN`} note={t`Six digits you will use to sign in. Avoid your birthday and easy ones like 123456.`}>
          <PinField
            label={t`PIN`}
            error={errors.pin?.message}
            {...digitsField(register('pin', { validate: (value) => newPinProblem(value) ?? true }), PIN_LENGTH)}
          />
          <PinField
            label={t`Confirm PIN`}
            error={errors.pinConfirm?.message}
            {...digitsField(
              register('pinConfirm', { validate: (value, all) => pinConfirmProblem(all.pin, value) ?? true }),
              PIN_LENGTH,
            )}
          />
        </FormSection>

        <FormSection title={t`Optional`}>
          <TextField
            label={t`Email address (optional)`}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            hint={t`Lets you reset your PIN by email too.`}
            error={errors.email?.message}
            {...register('email', {
              validate: (value) => value.trim() === '' || EMAIL_PATTERN.test(value.trim()) || t`Enter a valid email address`,
            })}
          />
          <PhotoPicker photo={photo} error={photoError} onChange={onPhotoChange} onRemove={() => setPhoto(null)} />
        </FormSection>

        <PrivacyNoticeLine>{t`Your details are used to run your account and your reports, and you can delete them any time.`}</PrivacyNoticeLine>
        <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting}>
          {isSubmitting ? t`Creating your account…` : t`Create account`}
        </button>
        <p className="-mt-2 text-center text-sm text-muted">
          <Trans>
            Already signed up?{' '}
            <Link to={SIGN_IN_PATH} className="inline-flex min-h-11 items-center font-medium text-brand-600 hover:underline">
              Sign in
            </Link>
          </Trans>
        </p>
      </form>
    </ResidentPageFrame>
  );
}
