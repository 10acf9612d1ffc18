import { useId, useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
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

/** A field error from the schema or the server, named by its field; anything else is the form's. */
function errorsOf(error: unknown): FieldErrors {
  if (error instanceof ApiError) {
    const errors: FieldErrors = {};
    for (const field of error.fields) if (field.field === 'day' || field.field === 'text') errors[field.field] ??= field.message;
    return Object.keys(errors).length > 0 ? errors : { form: error.message };
  }
  return { form: 'The note could not be saved. Try again.' };
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
      setStatus('Note added.');
      await invalidate();
    } catch (error) {
      setAddErrors(errorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (note: Note) => {
    setDeleting(null);
    try {
      await deleteNote(note._id);
      setStatus('Note deleted.');
    } catch (error) {
      setStatus(error instanceof ApiError ? error.message : 'The note could not be deleted.');
    }
    await invalidate();
  };

  return (
    <div className="min-w-0" aria-labelledby={headingId} role="region">
      <h3 id={headingId} className="mb-2 font-semibold">
        {longDate(day)}
      </h3>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      {isLoading ? (
        <p className="text-sm text-muted">Loading notes…</p>
      ) : isError ? (
        <p role="alert" className="text-sm">
          The notes could not be loaded.{' '}
          <button type="button" className="font-semibold text-brand-600 underline" onClick={onRetry}>
            Try again
          </button>
        </p>
      ) : notes.length === 0 ? (
        <p className="text-sm text-muted">No notes for this day.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label={`Notes for ${longDate(day)}`}>
          {notes.map((note) =>
            editing === note._id ? (
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
                <button type="button" className="icon-btn" aria-label={`Edit note: ${gist(note.text)}`} onClick={() => setEditing(note._id)}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                </button>
                <button type="button" className="icon-btn text-danger" aria-label={`Delete note: ${gist(note.text)}`} onClick={() => setDeleting(note)}>
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                </button>
              </li>
            ),
          )}
        </ul>
      )}
      <form className="mt-3 space-y-2" onSubmit={(event) => void add(event)} noValidate>
        <TextAreaField
          label="New note"
          rows={2}
          value={text}
          maxLength={NOTE_MAX_LENGTH}
          onChange={(event) => setText(event.target.value)}
          error={addErrors.text ?? addErrors.day}
          hint={`Up to ${NOTE_MAX_LENGTH} characters.`}
        />
        {addErrors.form && (
          <p role="alert" className="text-sm text-danger">
            {addErrors.form}
          </p>
        )}
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={busy}>
          {busy ? 'Adding…' : 'Add note'}
        </button>
      </form>
      <ConfirmDialog
        open={deleting !== null}
        message="Delete this note?"
        confirmLabel="Delete"
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
      await onDone(day === note.day ? 'Note saved.' : `Note moved to ${longDate(day)}.`);
    } catch (error) {
      setErrors(errorsOf(error));
      setBusy(false);
    }
  };

  return (
    <form className="space-y-2" onSubmit={(event) => void save(event)} noValidate>
      <TextAreaField
        label="Edit note"
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
          Day
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
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
