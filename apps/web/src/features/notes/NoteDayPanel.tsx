import { useId, useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { createNoteSchema, NOTE_MAX_LENGTH, updateNoteSchema, type Note } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { createNote, deleteNote, updateNote, useInvalidateNotes } from './notes-api.ts';
import { longDate } from '@/lib/calendar-days.ts';

interface NoteDayPanelProps {
  day: string;
  notes: Note[];
  isLoading: boolean;
  isError: boolean;
  onRetry(): void;
}

type FieldErrors = Partial<Record<'day' | 'text' | 'form', string>>;

/** The first words of a note, to tell its buttons apart for screen readers. */
const gist = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A field error from the schema or the server, named by its field; anything else is the form's (`fallback` when not the server's). */
function errorsOf(error: unknown, fallback: string): FieldErrors {
  if (error instanceof ApiError) {
    const errors: FieldErrors = {};
    for (const field of error.fields) if (field.field === 'day' || field.field === 'text') errors[field.field] ??= field.message;
    return Object.keys(errors).length > 0 ? errors : { form: error.message };
  }
  return { form: fallback };
}

function issuesOf(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'day' || field === 'text') errors[field] ??= issue.message;
  }
  return errors;
}

/** The chosen day's notes: the list, a form to add one, and each note's edit and delete. */
export function NoteDayPanel({ day, notes, isLoading, isError, onRetry }: NoteDayPanelProps) {
  const { t } = useLingui();
  const invalidate = useInvalidateNotes();
  const headingId = useId();
  const [text, setText] = useState('');
  const [addErrors, setAddErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const [status, setStatus] = useState('');

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createNoteSchema.safeParse({ day, text });
    if (!parsed.success) return setAddErrors(issuesOf(parsed.error.issues));
    setBusy(true);
    try {
      await createNote(parsed.data);
      setText('');
      setAddErrors({});
      setStatus(t`Note added.`);
      await invalidate();
    } catch (error) {
      setAddErrors(errorsOf(error, t`The note could not be saved. Try again.`));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (note: Note) => {
    setDeleting(null);
    try {
      await deleteNote(note._id);
      setStatus(t`Note deleted.`);
    } catch (error) {
      setStatus(error instanceof ApiError ? error.message : t`The note could not be deleted.`);
    }
    await invalidate();
  };

  const date = longDate(day);
  const max = NOTE_MAX_LENGTH;
  return (
    <div className="min-w-0" aria-labelledby={headingId} role="region">
      <h3 id={headingId} className="mb-2 font-semibold">
        {date}
      </h3>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      {isLoading ? (
        <p className="text-sm text-muted">
          <Trans>Loading notes…</Trans>
        </p>
      ) : isError ? (
        <p role="alert" className="text-sm">
          <Trans>The notes could not be loaded.</Trans>{' '}
          <button type="button" className="font-semibold text-brand-600 underline" onClick={onRetry}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : notes.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No notes for this day.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line" aria-label={t`Notes for ${date}`}>
          {notes.map((note) => {
            const gistText = gist(note.text);
            return editing === note._id ? (
              <li key={note._id} className="py-2">
                <EditNoteForm
                  note={note}
                  onDone={async (message) => {
                    setEditing(null);
                    setStatus(message);
                    await invalidate();
                  }}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={note._id} className="flex items-start gap-1 py-2">
                <p className="min-w-0 flex-1 whitespace-pre-wrap break-words py-2.5 text-sm">{note.text}</p>
                <button type="button" className="icon-btn" aria-label={t`Edit note: ${gistText}`} onClick={() => setEditing(note._id)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn text-danger" aria-label={t`Delete note: ${gistText}`} onClick={() => setDeleting(note)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form className="mt-3 space-y-2" onSubmit={(event) => void add(event)} noValidate>
        <TextAreaField
          label={t`New note`}
          rows={2}
          value={text}
          maxLength={NOTE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          error={addErrors.text ?? addErrors.day}
          hint={t`Up to ${max} characters.`}
        />
        {addErrors.form && (
          <p role="alert" className="text-sm text-danger">
            {addErrors.form}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? t`Adding…` : t`Add note`}
        </button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        message={t`Delete this note?`}
        confirmLabel={t`Delete`}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

interface EditNoteFormProps {
  note: Note;
  onDone(message: string): Promise<void>;
  onCancel(): void;
}

/** Edits a note's text, or moves it to another day. */
function EditNoteForm({ note, onDone, onCancel }: EditNoteFormProps) {
  const { t } = useLingui();
  const [text, setText] = useState(note.text);
  const [day, setDay] = useState(note.day);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const dayId = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateNoteSchema.safeParse({ day, text });
    if (!parsed.success) return setErrors(issuesOf(parsed.error.issues));
    setBusy(true);
    try {
      await updateNote(note._id, parsed.data);
      const date = longDate(day);
      await onDone(day === note.day ? t`Note saved.` : t`Note moved to ${date}.`);
    } catch (error) {
      setErrors(errorsOf(error, t`The note could not be saved. Try again.`));
      setBusy(false);
    }
  };

  return (
    <form className="space-y-2" onSubmit={(event) => void save(event)} noValidate>
      <TextAreaField
        label={t`Edit note`}
        rows={2}
        value={text}
        maxLength={NOTE_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        error={errors.text}
        data-autofocus
        autoFocus
      />
      <div>
        <label htmlFor={dayId} className="mb-1.5 block text-sm font-medium text-ink">
          <Trans>Day</Trans>
        </label>
        <input
          id={dayId}
          type="date"
          className="input"
          value={day}
          onChange={(event) => setDay(event.target.value)}
          aria-invalid={errors.day ? true : undefined}
          aria-describedby={errors.day ? `${dayId}-error` : undefined}
        />
        {errors.day && (
          <p id={`${dayId}-error`} role="alert" className="mt-1 text-sm text-danger">
            {errors.day}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className="text-sm text-danger">
          {errors.form}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t`Saving…` : t`Save`}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </form>
  );
}
