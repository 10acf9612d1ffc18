import { useMemo, useState } from 'react';
import type { Polygon } from '@bantay/shared';
import { lazyMap } from '@/components/map/lazy-map.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { reloadPublicSettings, usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { DrawingBar } from './DrawingBar.tsx';
import type { DrawControls, EditableShape } from './PolygonEditorLayer.tsx';
import { saveBoundary } from './patrol-areas-api.ts';

const AreasMap = lazyMap(() => import('./AreasMap.tsx'), 'h-[22rem] lg:h-[34rem]');

const BOUNDARY_COLOR = '#0f766e';

/**
 * The barangay boundary, drawn by the supadmin with the same tool as the areas (docs/product.md §4.6).
 * It lives here until the barangay settings page exists; the reports and the maps use it at once.
 */
export function BoundaryEditor({ onDone }: { onDone(): void }) {
  const { data: settings } = usePublicSettings();
  const saved = (settings?.boundary ?? null) as Polygon | null;
  const [drawing, setDrawing] = useState(!saved);
  const [draft, setDraft] = useState<Polygon | null>(null);
  const [controls, setControls] = useState<DrawControls | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The saved outline is edited in place; a freshly drawn one is shown until saved.
  const [drawn, setDrawn] = useState<Polygon | null>(null);
  const outline = drawn ?? saved;
  const shapes = useMemo<EditableShape[]>(
    () => (outline && !drawing ? [{ id: 'boundary', label: 'Barangay boundary', color: BOUNDARY_COLOR, polygon: outline }] : []),
    [outline, drawing],
  );

  const save = async () => {
    const polygon = draft ?? drawn;
    if (!polygon) {
      onDone();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await saveBoundary(polygon);
      await reloadPublicSettings();
      notify.success('Barangay boundary saved');
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields[0]?.message ?? failure.message) : 'Could not save the boundary. Try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="text-lg font-semibold">Barangay boundary</h3>
        <p className="text-sm text-muted">Reports must come from inside it, and every patrol area must fit inside it.</p>
      </div>
      <AreasMap
        shapes={shapes}
        editingId={!drawing && outline ? 'boundary' : null}
        drawColor={drawing ? BOUNDARY_COLOR : null}
        onSelect={() => undefined}
        onDrawn={(polygon) => {
          setDrawn(polygon);
          setDraft(null);
          setDrawing(false);
        }}
        onChange={setDraft}
        onDrawControls={setControls}
      />
      {drawing ? (
        <DrawingBar
          hint="Tap the map at each corner of the barangay. Finish when the outline is complete."
          controls={controls}
          onCancel={() => (saved || drawn ? setDrawing(false) : onDone())}
          error={error ?? undefined}
        />
      ) : (
        <div className="rounded-xl border border-line bg-surface p-3">
          <p className="text-sm text-ink-soft">Drag the corners to change the outline, or draw it again.</p>
          {error && (
            <p className="mt-2 text-sm text-danger" role="alert">
              {error}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" disabled={busy || (!draft && !drawn)} onClick={() => void save()}>
              Save boundary
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDrawing(true)}>
              Draw it again
            </button>
            <button type="button" className="btn btn-ghost" onClick={onDone}>
              Back to the areas
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
