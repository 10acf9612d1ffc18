import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { Check, CheckCircle2, Info } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EVALUATION_LIMITS } from '@bantay/shared/limits';
import { type PublicTanod } from '@bantay/shared';
import { Avatar } from '@/components/Avatar.tsx';
import { Modal } from '@/components/Modal.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import {
  commentCounter,
  describeSubmitFailure,
  emptyFeedback,
  formatAverage,
  ratingCountLabel,
  validateFeedback,
  type FeedbackField,
  type FeedbackValues,
  type SubmitFailure,
} from './evaluation-logic.ts';
import { rateTanod, rateTicket } from './evaluations-api.ts';
import { StarInput, StarsDisplay } from './Stars.tsx';
import { fullName } from '@/lib/full-name.ts';

/** Who is being rated: a tanod from the directory, or the responder of a resolved ticket. */
export type RatingTarget = { kind: 'tanod'; tanod: PublicTanod } | { kind: 'ticket'; ticket: string; responderFirstName: string };

interface FeedbackDialogProps {
  target: RatingTarget;
  /** A signed-in resident's name, offered as the name shown with the comment. */
  defaultName?: string | null;
  onClose(): void;
  /** The server stored the rating. */
  onRated(target: RatingTarget): void;
}

const FIELD_ORDER: FeedbackField[] = ['rating', 'comment', 'name'];

/** The browser-side check, as a react-hook-form resolver so errors sit next to their fields. */
const feedbackResolver: Resolver<FeedbackValues> = (values) => {
  const found = validateFeedback(values);
  const errors: FieldErrors<FeedbackValues> = {};
  for (const [field, message] of Object.entries(found) as [FeedbackField, string][]) errors[field] = { type: 'validate', message };
  return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
};

/**
 * The feedback form (docs/product.md §4.9): stars and comment required, a name or "anonymous" for
 * directory ratings. The bot-check is solved on submit. Server refusals (already rated, too many
 * ratings, failed check) show above the buttons; field errors show next to their fields.
 */
export function FeedbackDialog({ target, defaultName, onClose, onRated }: FeedbackDialogProps) {
  const { t } = useLingui();
  const isTicket = target.kind === 'ticket';
  const firstName = isTicket ? target.responderFirstName : target.tanod.firstName;
  const name = isTicket ? target.responderFirstName : fullName(target.tanod);
  const ticket = isTicket ? target.ticket : null;
  const title = t`Rate ${name}`;
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [sentStars, setSentStars] = useState<number | null>(null);
  const ids = { rating: useId(), comment: useId(), counter: useId(), who: useId() };
  const failureRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLButtonElement>(null);
  const ratingGroupRef = useRef<HTMLFieldSetElement>(null);
  const {
    control,
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FeedbackValues>({
    defaultValues: emptyFeedback(defaultName ?? ''),
    resolver: feedbackResolver,
    // Focus goes to the first wrong field in the order they are shown (focusFirst), which
    // react-hook-form's own choice (the order fields were registered) does not promise.
    shouldFocusError: false,
  });
  const focusFirst = (fields: Partial<Record<FeedbackField, unknown>>) => {
    const first = FIELD_ORDER.find((field) => fields[field]);
    // The stars are reached through their group, for the same reason as the first focus.
    if (first === 'rating') ratingGroupRef.current?.focus();
    else if (first) setFocus(first);
  };
  const counter = commentCounter(useWatch({ control, name: 'comment' }) ?? '');
  const anonymous = useWatch({ control, name: 'anonymous' });

  useEffect(() => {
    if (failure) failureRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failure]);
  useEffect(() => {
    if (sentStars !== null) doneRef.current?.focus();
  }, [sentStars]);

  const send = async (values: FeedbackValues) => {
    setFailure(null);
    try {
      if (target.kind === 'tanod') await rateTanod(target.tanod._id, values);
      else await rateTicket(target.ticket, values);
      setSentStars(values.rating);
      onRated(target);
    } catch (error) {
      const described = describeSubmitFailure(error);
      for (const [field, message] of Object.entries(described.fields) as [FeedbackField, string][]) setError(field, { type: 'server', message });
      focusFirst(described.fields);
      setFailure(described.message ? described : null);
    }
  };
  // Built per submit, so the handlers (which focus through a ref) are only read in the event.
  const onInvalid = (fields: Partial<Record<FeedbackField, unknown>>) => {
    setFailure(null);
    focusFirst(fields);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => handleSubmit(send, onInvalid)(event);

  if (sentStars !== null) {
    return (
      <Modal title={title} onClose={onClose}>
        <div className="flex flex-col items-center gap-3 py-4 text-center" role="status" data-testid="rating-thanks">
          <CheckCircle2 className="h-12 w-12 text-success" aria-hidden="true" />
          <p className="text-xl font-semibold">
            <Trans>Thank you for your feedback!</Trans>
          </p>
          <p className="text-ink-soft">
            {ticket
              ? t`Your ${sentStars}-star rating for ${name} was sent for report ${ticket}. It helps the barangay keep its tanods at their best.`
              : t`Your ${sentStars}-star rating for ${name} was sent. It helps the barangay keep its tanods at their best.`}
          </p>
          <button ref={doneRef} type="button" className="btn btn-primary mt-2 w-full sm:w-auto sm:min-w-40" onClick={onClose}>
            <Trans>Done</Trans>
          </button>
        </div>
      </Modal>
    );
  }

  const final = failure?.final ?? false;
  return (
    <Modal title={title} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5" aria-label={title}>
        {target.kind === 'tanod' ? (
          <div className="flex items-center gap-3">
            <Avatar firstName={target.tanod.firstName} lastName={target.tanod.lastName} src={target.tanod.profilePicture} size={48} />
            <div className="min-w-0 text-sm text-ink-soft">
              {target.tanod.ratingCount > 0 ? (
                <p className="flex flex-wrap items-center gap-x-2">
                  <StarsDisplay value={target.tanod.averageRating} size={16} />
                  <span>
                    {formatAverage(target.tanod.averageRating)} · {ratingCountLabel(target.tanod.ratingCount)}
                  </span>
                </p>
              ) : (
                <p>
                  <Trans>No ratings yet. Be the first!</Trans>
                </p>
              )}
              <p className="mt-0.5">
                {defaultName ? t`You can rate each tanod once every 30 days.` : t`One rating per tanod every 30 days from each phone.`}
              </p>
            </div>
          </div>
        ) : (
          <p className="text-sm text-ink-soft">
            <Trans>
              {firstName} responded to your report <span className="whitespace-nowrap font-mono font-semibold text-ink">{ticket}</span>.
              How did it go? Each report can be rated once.
            </Trans>
          </p>
        )}

        {/*
          The dialog starts on the rating group, the first thing to answer: Tab enters the stars.
          Not on the first star itself: in Chromium, Tab from a radio focused by script while none
          of its group is checked moved to the next star instead of leaving the group.
        */}
        <fieldset ref={ratingGroupRef} data-autofocus tabIndex={-1} className="-m-2 rounded-xl p-2">
          <legend className="mb-1 text-sm font-medium">
            <Trans>
              Your rating <span className="text-muted">(required)</span>
            </Trans>
          </legend>
          <Controller
            control={control}
            name="rating"
            render={({ field }) => (
              <StarInput
                ref={field.ref}
                name={`${ids.rating}-stars`}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.rating)}
                errorId={errors.rating ? `${ids.rating}-error` : undefined}
              />
            )}
          />
          {errors.rating && (
            <p id={`${ids.rating}-error`} className="text-sm text-danger">
              {errors.rating.message}
            </p>
          )}
        </fieldset>

        <div>
          <label htmlFor={ids.comment} className="mb-1.5 block text-sm font-medium">
            <Trans>
              Your comment <span className="text-muted">(required)</span>
            </Trans>
          </label>
          <textarea
            id={ids.comment}
            rows={4}
            className="input min-h-28 resize-y"
            placeholder={t`What did ${firstName} do well? What could be better?`}
            aria-invalid={errors.comment ? true : undefined}
            aria-describedby={[errors.comment ? `${ids.comment}-error` : null, ids.counter].filter(Boolean).join(' ')}
            {...register('comment')}
          />
          <div className="mt-1 flex items-start gap-3">
            <p id={`${ids.comment}-error`} className="flex-1 text-sm text-danger">
              {errors.comment?.message}
            </p>
            <p id={ids.counter} className={`shrink-0 text-xs tabular-nums ${counter.over ? 'font-semibold text-danger' : 'text-muted'}`}>
              <span className="sr-only">{t`Characters used:`} </span>
              {counter.text}
            </p>
          </div>
        </div>

        {target.kind === 'tanod' ? (
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium">
              <Trans>Show my comment as</Trans>
            </legend>
            <Controller
              control={control}
              name="anonymous"
              render={({ field }) => (
                <div className="grid grid-cols-2 gap-2">
                  {[
                    { value: false, label: t`My name` },
                    { value: true, label: t`Anonymous` },
                  ].map((option) => (
                    <label
                      key={String(option.value)}
                      className={`flex min-h-11 cursor-pointer items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-[var(--focus)] has-[:focus-visible]:outline-solid ${
                        field.value === option.value
                          ? 'border-brand-600 bg-brand-50 text-brand-700 ring-1 ring-brand-600 dark:bg-brand-600/20 dark:text-ink'
                          : 'border-line bg-surface text-ink-soft hover:bg-surface-2'
                      }`}
                    >
                      <input
                        type="radio"
                        name={ids.who}
                        className="sr-only"
                        checked={field.value === option.value}
                        onChange={() => field.onChange(option.value)}
                        onBlur={field.onBlur}
                      />
                      {field.value === option.value && <Check className="h-4 w-4 shrink-0" aria-hidden="true" />}
                      {option.label}
                    </label>
                  ))}
                </div>
              )}
            />
            {anonymous ? (
              <p className="mt-2 text-sm text-muted">
                <Trans>Your comment will show as “Anonymous”.</Trans>
              </p>
            ) : (
              <TextField
                className="mt-3"
                label={t`Your name (optional)`}
                autoComplete="name"
                maxLength={EVALUATION_LIMITS.nameMaxLength + 20}
                hint={t`Shown with your comment. Leave it empty to show “Anonymous”.`}
                error={errors.name?.message}
                {...register('name')}
              />
            )}
          </fieldset>
        ) : (
          <p className="flex items-start gap-2 text-sm text-muted">
            <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
            <Trans>Ratings of reports show as “Anonymous”.</Trans>
          </p>
        )}

        {failure?.message && (
          <div
            ref={failureRef}
            role="alert"
            data-testid="rating-refusal"
            className={`rounded-lg px-3 py-2.5 text-sm ${final ? 'bg-amber-100 text-amber-950 dark:bg-amber-400/15 dark:text-amber-100' : 'bg-danger/10 text-danger'}`}
          >
            {failure.message}
          </div>
        )}

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            {final ? t`Back to the list` : t`Cancel`}
          </button>
          {!final && (
            <button type="submit" className="btn btn-primary sm:min-w-36" disabled={isSubmitting}>
              {isSubmitting ? t`Sending…` : t`Send rating`}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
