import { Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { importWithRetry } from '@/lib/chunks.ts';
import { Link } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';
import { Trans, useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/form/TextField.tsx';
import { PinField } from './PinField.tsx';
import { applyAccountLanguage } from '@/lib/account-language.ts';
import { startResidentSession } from '@/lib/resident-session.ts';
import { mobileNumberProblem, normalizeMobileNumber } from '@/lib/phone.ts';
import { digitsOnly, PIN_LENGTH } from './pin-rules.ts';
import { SIGN_IN_HASH } from './paths.ts';
import { loadForgotPinDialog, loadMyReportsCard } from './lazy-parts.ts';
import { FormAlert } from '@/components/FormAlert.tsx';
import { withCatalog } from '@/lib/i18n.ts';

// The sign-in's network code comes when the form is first used, not with the landing page, which
// keeps the page within its script budget (decision 013); focusing a field starts the download.
// The network code, and the public part of the catalogue with the shared package's messages its
// answers may need (src/lib/i18n.ts), load on the form's first use.
const loadResidentsApi = () => importWithRetry(withCatalog(() => import('./residents-api.ts')));

interface FieldErrors {
  phoneNumber?: string;
  pin?: string;
}

const ForgotPinDialog = lazyWithRetry(loadForgotPinDialog);

/**
 * docs/product.md §4.1: residents sign in on the landing page with their mobile number and 6-digit PIN.
 * Two fields, checked by hand rather than with a form library, so the landing page stays within
 * its download budget (docs/product.md §8). The server's answer decides: a wrong PIN, or the lockout after
 * five of them, is shown above the form in the server's words.
 */
export function ResidentSignInCard({ onSignedIn }: { onSignedIn(): void }) {
  const { t } = useLingui();
  // The address's #sign-in (SIGN_IN_PATH) asks for this form; wouter's location is the path alone.
  const hash = useLocationProperty(() => location.hash, () => '');
  const phoneRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const [phone, setPhone] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);

  useEffect(() => {
    if (hash !== SIGN_IN_HASH) return;
    phoneRef.current?.scrollIntoView({ block: 'center' });
    phoneRef.current?.focus({ preventScroll: true });
  }, [hash]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const phoneError = mobileNumberProblem(phone) ?? undefined;
    const pinError = pin === '' ? t`Enter your PIN` : pin.length !== PIN_LENGTH ? t`Your PIN has 6 digits` : undefined;
    setErrors({ phoneNumber: phoneError, pin: pinError });
    setFormError(null);
    if (phoneError || pinError) {
      (phoneError ? phoneRef : pinRef).current?.focus();
      return;
    }
    setBusy(true);
    void loadMyReportsCard();
    let residentsApi: Awaited<ReturnType<typeof loadResidentsApi>> | undefined;
    try {
      residentsApi = await loadResidentsApi();
      const result = await residentsApi.residentLogin(normalizeMobileNumber(phone)!, pin);
      startResidentSession(result);
      void applyAccountLanguage(result);
      onSignedIn();
    } catch (error) {
      // Without its code (offline before the form was used) the answer is the network one.
      const failure = residentsApi?.loginFailure(error) ?? { fields: [], general: t`Cannot reach the server. Check your connection.`, wrongPin: false };
      setErrors(Object.fromEntries(failure.fields.map((item) => [item.field, item.message])));
      setFormError(failure.general);
      if (failure.wrongPin) setPin('');
      if (failure.fields[0]?.field === 'phoneNumber') phoneRef.current?.focus();
      else if (failure.wrongPin || failure.fields.length > 0) pinRef.current?.focus();
      setBusy(false);
    }
  }

  return (
    <section id="sign-in" aria-labelledby="sign-in-title" className="card scroll-mt-20">
      <h2 id="sign-in-title" className="text-lg font-semibold">
        <Trans>Resident sign-in</Trans>
      </h2>
      <p className="mt-1 text-sm text-muted">
        <Trans>Follow your reports and get your contact details filled in for you.</Trans>
      </p>
      <form
        onSubmit={submit}
        onFocus={() => void loadResidentsApi().catch(() => undefined)}
        noValidate
        className="mt-4 flex flex-col gap-4"
      >
        <FormAlert message={formError} />
        <TextField
          ref={phoneRef}
          label={t`Mobile number`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="0917 123 4567"
          value={phone}
          error={errors.phoneNumber}
          onChange={(event) => {
            setPhone(event.target.value);
            setErrors((current) => ({ ...current, phoneNumber: undefined }));
          }}
        />
        <PinField
          ref={pinRef}
          label={t`PIN`}
          autoComplete="current-password"
          value={pin}
          error={errors.pin}
          onChange={(event) => {
            setPin(digitsOnly(event.target.value));
            setErrors((current) => ({ ...current, pin: undefined }));
          }}
        />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          {busy ? t`Signing in…` : t`Sign in`}
        </button>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <button
            type="button"
            className="btn btn-ghost -ml-2 px-2 text-brand-600"
            onPointerDown={() => void loadForgotPinDialog()}
            onFocus={() => void loadForgotPinDialog()}
            onClick={() => setForgotOpen(true)}
          >
            <Trans>Forgot PIN?</Trans>
          </button>
          <Link to="/signup" className="btn btn-ghost -mr-2 px-2 text-brand-600">
            <Trans>Create an account</Trans>
          </Link>
        </div>
      </form>
      {forgotOpen && (
        <Suspense fallback={null}>
          <ForgotPinDialog initialPhone={phone} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </section>
  );
}
