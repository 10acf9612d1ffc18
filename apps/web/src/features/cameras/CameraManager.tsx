import { Plus, Video } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Camera } from '@bantay/shared';
import { CameraForm } from './CameraForm.tsx';
import type { CameraEditor } from './use-camera-editor.ts';

interface CameraManagerProps {
  cameras: Camera[];
  isLoading: boolean;
  editor: CameraEditor;
}

/**
 * Beside the admin's live map while managing cameras: the list (select one to edit it), Add, and
 * the form. The map does the moving (drag a pin) and the picking (click where a camera is).
 */
export function CameraManager({ cameras, isLoading, editor }: CameraManagerProps) {
  const { t } = useLingui();
  const { selection, select } = editor;
  const editing = selection?.kind === 'edit' ? cameras.find((camera) => camera._id === selection.id) : undefined;

  return (
    <section className="card flex flex-col gap-3 self-start" aria-labelledby="cameras-title" data-testid="camera-manager">
      <div className="flex items-center justify-between gap-2">
        <h2 id="cameras-title" className="flex items-center gap-2 text-lg font-semibold">
          <Video className="h-5 w-5 text-brand-600" aria-hidden="true" />
          <Trans>Cameras</Trans>
        </h2>
        {selection === null && (
          <button type="button" className="btn btn-primary !min-h-9 !px-3" onClick={() => select({ kind: 'new' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            <Trans>Add</Trans>
          </button>
        )}
      </div>
      {selection !== null && (selection.kind === 'new' || editing) ? (
        <CameraForm key={selection.kind === 'new' ? 'new' : selection.id} camera={editing ?? null} editor={editor} onDone={() => select(null)} />
      ) : (
        <>
          <p className="text-sm text-muted">
            <Trans>Drag a camera’s pin to move it: the new place is saved at once. Choose one to edit or remove it.</Trans>
          </p>
          {isLoading ? (
            <p className="text-sm text-muted">
              <Trans>Loading cameras…</Trans>
            </p>
          ) : cameras.length === 0 ? (
            <p className="text-sm text-muted">
              <Trans>No cameras yet.</Trans>
            </p>
          ) : (
            <ul className="-mx-2 max-h-96 overflow-y-auto" aria-label={t`Cameras`}>
              {cameras.map((camera) => (
                <li key={camera._id}>
                  <button type="button" className="flex min-h-11 w-full flex-col items-start rounded-md px-2 py-1.5 text-left hover:bg-surface-2" onClick={() => select({ kind: 'edit', id: camera._id })}>
                    <span className="text-sm font-medium">{camera.name}</span>
                    {camera.description && <span className="line-clamp-1 text-xs text-muted">{camera.description}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
