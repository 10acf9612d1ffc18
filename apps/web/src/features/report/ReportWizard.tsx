import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useDraftForm } from './draft-form.ts';
import { ArrowLeft, ArrowRight, Check, Send } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReportLocation } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { solveBotCheck } from '@/lib/bot-check.ts';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';
import { residentToken, userIdFromToken } from '@/lib/storage.ts';
import { FIELD_STEP, toReportBody, type DraftField, type ReportDraft } from './draft.ts';
import { preloadMap } from './LocationPicker.tsx';
import {
  fetchResidentContact,
  isLostConnection,
  submitErrorMessage,
  submitReport,
  uploadPhotos,
  type ResidentContact,
} from './report-api.ts';
import { newReportId, reportOutbox } from './report-outbox.ts';
import { Hotlines } from './report-parts.tsx';
import { admitPhotos, toLocalInputValue } from './report-rules.ts';
import { ReportDone, type SentReport } from './ReportDone.tsx';
import { ReviewStep } from './ReviewStep.tsx';
import { PrivacyNoticeLine } from '@/components/PrivacyNoticeLine.tsx';
import { WhatStep, type AttachedPhoto } from './WhatStep.tsx';
import { WhereStep } from './WhereStep.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';

type Step = 'what' | 'where' | 'review';
const STEPS: { key: Step; label: MessageDescriptor }[] = [
  { key: 'what', label: msg`What happened` },
  { key: 'where', label: msg`Where` },
  { key: 'review', label: msg`Review` },
];
const WHAT_FIELDS: DraftField[] = ['type', 'description', 'occurredAt'];

const emptyDraft = (): ReportDraft => ({
  type: '',
  classification: 'normal',
  description: '',
  occurredAt: toLocalInputValue(new Date()),
  landmark: '',
  address: '',
  reporterName: '',
  reporterPhone: '',
});

const sameFiles = (a: readonly File[] | undefined, b: readonly File[]) =>
  !!a && a.length === b.length && a.every((file, i) => file === b[i]);

function Progress({ step }: { step: Step }) {
  const { t } = useLingui();
  const index = STEPS.findIndex((s) => s.key === step);
  const number = index + 1;
  const count = STEPS.length;
  return (
    <nav aria-label={t`Progress`}>
      <p className="mb-2 text-sm font-medium text-muted">
        <Trans>
          Step {number} of {count}
        </Trans>
      </p>
      <ol className="grid grid-cols-3 gap-2">
        {STEPS.map((s, i) => {
          const state = i < index ? 'done' : i === index ? 'current' : 'todo';
          return (
            <li key={s.key} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-1.5">
              <span
                className={`h-1.5 rounded-full ${state === 'todo' ? 'bg-line' : 'bg-brand-600'}`}
                aria-hidden="true"
              />
              <span
                className={`flex items-center gap-1 text-xs sm:text-sm ${state === 'current' ? 'font-semibold text-ink' : 'text-muted'}`}
              >
                {state === 'done' && <Check className="h-3.5 w-3.5 shrink-0 text-success" aria-hidden="true" />}
                {t(s.label)}
                {state === 'done' && (
                  <span className="sr-only">
                    {' '}
                    <Trans>(done)</Trans>
                  </span>
                )}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * `/Reportincidents`: the three-step report. One form holds every field across the
 * steps and the photos and pin live here too, so going back and forth never loses anything.
 */
export default function ReportWizard() {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const form = useDraftForm(emptyDraft());
  const [step, setStep] = useState<Step>('what');
  const [moved, setMoved] = useState(false);
  const [location, setLocation] = useState<ReportLocation | null>(null);
  const [locationError, setLocationError] = useState<string>();
  const [photos, setPhotos] = useState<AttachedPhoto[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [resident, setResident] = useState<ResidentContact | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<{ message: string; rateLimited: boolean } | null>(null);
  const [sent, setSent] = useState<SentReport | null>(null);
  const uploaded = useRef<{ files: File[]; ids: string[]; at: number } | null>(null);
  const botCheck = useRef<Promise<string> | null>(null);
  const photosRef = useRef(photos);

  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  useEffect(() => () => photosRef.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  // The map is needed at the next step: fetch its code while the reporter types.
  useEffect(() => {
    const timer = window.setTimeout(preloadMap, 1200);
    return () => window.clearTimeout(timer);
  }, []);

  // A signed-in resident gets their contact prefilled; typed values win.
  const { getValues, setValue } = form;
  useEffect(() => {
    const controller = new AbortController();
    void fetchResidentContact(controller.signal).then((contact) => {
      if (!contact || controller.signal.aborted) return;
      setResident(contact);
      if (!getValues('reporterName')) setValue('reporterName', contact.name);
      if (!getValues('reporterPhone')) setValue('reporterPhone', contact.phone);
    });
    return () => controller.abort();
  }, [getValues, setValue]);

  const goTo = useCallback((next: Step) => {
    setMoved(true);
    setStep(next);
    if (next === 'review') {
      // Solve the invisible bot-check while the reporter reads the summary, not after Send.
      botCheck.current ??= solveBotCheck();
      botCheck.current.catch(() => {
        botCheck.current = null;
      });
    }
  }, []);

  const onLocation = useCallback((next: ReportLocation | null) => {
    setLocation(next);
    setLocationError(undefined);
  }, []);

  function addPhotos(files: File[]) {
    const { accepted, errors } = admitPhotos(
      photos.map((photo) => photo.file),
      files,
    );
    setPhotoErrors(errors);
    if (accepted.length > 0)
      setPhotos((current) => [...current, ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
  }

  function removePhoto(index: number) {
    setPhotoErrors([]);
    setPhotos((current) => {
      const removed = current[index];
      if (removed) URL.revokeObjectURL(removed.url);
      return current.filter((_, i) => i !== index);
    });
  }

  function showServerErrors(error: ApiError): boolean {
    if (error.fields.length === 0) return false;
    const order: Step[] = ['what', 'where', 'review'];
    let first: Step = 'review';
    for (const { field, message } of error.fields) {
      const at = FIELD_STEP[field] ?? 'review';
      if (order.indexOf(at) < order.indexOf(first)) first = at;
      if (field.startsWith('location')) setLocationError(message);
      else if (field === 'photoIds' || field === 'photos') {
        uploaded.current = null;
        setPhotoErrors([message]);
      } else if (field in emptyDraft()) form.setError(field as DraftField, { message });
      else setSubmitError({ message, rateLimited: false });
    }
    if (first !== 'review') goTo(first);
    return true;
  }

  async function send() {
    if (!(await form.trigger(WHAT_FIELDS))) return goTo('what');
    if (!location) {
      setLocationError(t`Choose the place: use your position or tap the map.`);
      return goTo('where');
    }
    setSubmitError(null);
    const draft = form.getValues();
    const files = photos.map((photo) => photo.file);
    const clientId = newReportId();
    const madeAt = new Date().toISOString();
    const token = residentToken();
    const alreadyUploaded = uploaded.current && sameFiles(uploaded.current.files, files) ? uploaded.current : null;
    // Kept on the phone, photos included, before anything goes out: if the connection fails on
    // the way, the report page shows it waiting and sends it by itself (report-outbox.ts).
    reportOutbox.hold({
      clientId,
      body: { ...toReportBody(draft, location, []), clientId },
      photos: files,
      uploaded: alreadyUploaded && { ids: alreadyUploaded.ids, at: alreadyUploaded.at },
      residentId: token && userIdFromToken(token),
      phone: draft.reporterPhone.trim() || undefined,
      madeAt,
    });
    try {
      let photoIds: string[] = [];
      if (photos.length > 0) {
        if (!uploaded.current || !sameFiles(uploaded.current.files, files)) {
          const count = files.length;
          setBusy(t`${plural(count, { one: 'Uploading the photo…', other: 'Uploading # photos…' })}`);
          try {
            uploaded.current = { files, ids: await uploadPhotos(files), at: Date.now() };
          } catch (error) {
            if (error instanceof ApiError && !error.isNetwork && error.status < 500 && error.status !== 429) {
              void reportOutbox.settle(clientId, 'refused');
              setPhotoErrors([error.fields[0]?.message ?? error.message]);
              return goTo('what');
            }
            throw error;
          }
        }
        photoIds = uploaded.current.ids;
      }
      setBusy(t`Sending the report…`);
      const preSolved = botCheck.current ?? undefined;
      botCheck.current = null;
      const body = { ...toReportBody(draft, location, photoIds), clientId };
      const { ticket } = await submitReport(body, preSolved);
      void reportOutbox.settle(clientId, 'sent');
      uploaded.current = null;
      setSent({
        ticket,
        type: draft.type,
        classification: draft.classification,
        reportedAt: new Date(),
        occurredAt: new Date(body.occurredAt),
        phone: draft.reporterPhone.trim() || undefined,
      });
    } catch (error) {
      if (isLostConnection(error)) {
        const done = uploaded.current && sameFiles(uploaded.current.files, files) ? uploaded.current : null;
        void reportOutbox.settle(clientId, 'lost', done && { ids: done.ids, at: done.at });
        return;
      }
      void reportOutbox.settle(clientId, 'refused');
      if (error instanceof ApiError && !error.isNetwork && error.status < 500 && showServerErrors(error)) return;
      setSubmitError({
        message: submitErrorMessage(error),
        rateLimited: error instanceof ApiError && error.status === 429,
      });
    } finally {
      setBusy(null);
    }
  }

  // handleSubmit rather than trigger: after the first try, rhf re-checks a field as it is typed
  // in, so an error disappears as soon as it is fixed, not only when the field loses focus. Fields
  // of later steps are optional or valid when empty, so only this step's fields can fail here.
  async function advance() {
    if (step === 'what') goTo('where');
    else if (step === 'where') {
      if (!location) setLocationError(t`Choose the place: use your position or tap the map.`);
      else goTo('review');
    } else await send();
  }

  function startOver() {
    for (const photo of photos) URL.revokeObjectURL(photo.url);
    setPhotos([]);
    setPhotoErrors([]);
    setLocation(null);
    setLocationError(undefined);
    form.reset({ ...emptyDraft(), reporterName: resident?.name ?? '', reporterPhone: resident?.phone ?? '' });
    setSent(null);
    setSubmitError(null);
    setMoved(true);
    setStep('what');
  }

  const barangay = settings?.name ?? BRAND_NAME;
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-6 dark:[color-scheme:dark]">
      <title>{t`Report an incident · ${barangay}`}</title>
      <h1 className="text-2xl font-bold tracking-tight">
        <Trans>Report an incident</Trans>
      </h1>
      {sent ? (
        <ReportDone sent={sent} settings={settings} onAnother={startOver} />
      ) : (
        <>
          <Progress step={step} />
          <form onSubmit={(event) => void form.handleSubmit(advance)(event)} noValidate className="flex flex-col gap-5">
            {step === 'what' && (
              <WhatStep
                form={form}
                settings={settings}
                photos={photos}
                photoErrors={photoErrors}
                onAddPhotos={addPhotos}
                onRemovePhoto={removePhoto}
                focusHeading={moved}
              />
            )}
            {step === 'where' && (
              <WhereStep
                form={form}
                settings={settings}
                location={location}
                onLocation={onLocation}
                locationError={locationError}
                focusHeading={moved}
              />
            )}
            {step === 'review' && (
              <ReviewStep
                form={form}
                location={location}
                photos={photos}
                resident={resident}
                onEdit={goTo}
                focusHeading={moved}
              />
            )}
            <FormAlert message={submitError?.message} />
            {submitError?.rateLimited && settings && <Hotlines hotlines={settings.hotlines} />}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              {step === 'what' ? (
                <Link to="/" className="btn btn-ghost">
                  <Trans>Cancel</Trans>
                </Link>
              ) : (
                <button
                  type="button"
                  className="btn btn-secondary"
                  onClick={() => goTo(step === 'review' ? 'where' : 'what')}
                  disabled={!!busy}
                >
                  <ArrowLeft className="h-4 w-4" aria-hidden="true" /> <Trans>Back</Trans>
                </button>
              )}
              <button
                type="submit"
                className="btn btn-primary min-h-12 text-base sm:min-w-40"
                disabled={!!busy || !settings}
              >
                {step === 'review' ? (
                  <>
                    <Send className="h-4 w-4" aria-hidden="true" /> {busy ?? t`Send report`}
                  </>
                ) : (
                  <>
                    <Trans>Next</Trans> <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </>
                )}
              </button>
            </div>
            <p className="sr-only" role="status" aria-live="polite">
              {busy ?? ''}
            </p>
            <PrivacyNoticeLine>{t`Your report, and your name and number if you give them, are used only to handle it.`}</PrivacyNoticeLine>
          </form>
        </>
      )}
    </div>
  );
}
