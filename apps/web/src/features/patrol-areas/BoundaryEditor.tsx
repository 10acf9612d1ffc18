import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Polygon } from '@bantay/shared';
import { lazyMap } from '@/components/map/lazy-map.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { reloadPublicSettings, usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { DrawingBar } from './DrawingBar.tsx';
import type { DrawControls, EditableShape } from './PolygonEditorLayer.tsx';
import { saveBoundary } from './patrol-areas-api.ts';

// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not prose
const AreasMap = lazyMap(() => import('./AreasMap.tsx'), 'h-[22rem] lg:h-[34rem]');

const BOUNDARY_COLOR = '#0f766e';

/**
 * The barangay boundary, drawn by the supadmin with the same tool as the areas (docs/product.md §4.6).
 * It lives here until the barangay settings page exists; the reports and the maps use it at once.
 */
export function BoundaryEditor({ onDone }: { onDone(): void }) {
  const { t } = useLingui();
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
  const boundaryLabel = t`Barangay boundary`;
  const shapes = useMemo<EditableShape[]>(
    () => (outline && !drawing ? [{ id: 'boundary', label: boundaryLabel, color: BOUNDARY_COLOR, polygon: outline }] : []),
    [outline, drawing, boundaryLabel],
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
      notify.success(t`Barangay boundary saved`);
      onDone();
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.fields[0]?.message ?? failure.message) : t`Could not save the boundary. Try again.`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <div>
        <h3 className="text-lg font-semibold">{boundaryLabel}</h3>
        <p className="text-sm text-muted">
          <Trans>Reports must come from inside it, and every patrol area must fit inside it.</Trans>
        </p>
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
          hint={t`Tap the map at each corner of the barangay. Finish when the outline is complete.`}
          controls={controls}
          onCancel={() => (saved || drawn ? setDrawing(false) : onDone())}
          error={error ?? undefined}
        />
      ) : (
        <div className="rounded-xl border border-line bg-surface p-3">
          <p className="text-sm text-ink-soft">
            <Trans>Drag the corners to change the outline, or draw it again.</Trans>
          </p>
          {error && (
            <p className="mt-2 text-sm text-danger" role="alert">
              {error}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn btn-primary" disabled={busy || (!draft && !drawn)} onClick={() => void save()}>
              <Trans>Save boundary</Trans>
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setDrawing(true)}>
              <Trans>Draw it again</Trans>
            </button>
            <button type="button" className="btn btn-ghost" onClick={onDone}>
              <Trans>Back to the areas</Trans>
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
