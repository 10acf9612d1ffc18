import { useMemo, useState } from 'react';
import { Pencil, Plus, RotateCcw } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PatrolArea, Polygon } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { Loading } from '@/components/Loading.tsx';
import { lazyMap } from '@/components/map/lazy-map.tsx';
import { notify } from '@/lib/toast.ts';
import { areaErrors, type AreaField } from './area-form-errors.ts';
import { AreaDetailsForm } from './AreaDetailsForm.tsx';
import { BoundaryEditor } from './BoundaryEditor.tsx';
import type { DrawControls, EditableShape } from './PolygonEditorLayer.tsx';
import { DrawingBar } from './DrawingBar.tsx';
import { usePatrolAreas, useCreateArea, useRetireArea, useUpdateArea } from './patrol-areas-api.ts';

// eslint-disable-next-line lingui/no-unlocalized-strings -- Tailwind classes, not prose
const AreasMap = lazyMap(() => import('./AreasMap.tsx'), 'h-[22rem] lg:h-[34rem]');

/** Colours offered for a new area, distinct on the map in both themes. */
const AREA_PALETTE = ['#2563eb', '#16a34a', '#d97706', '#9333ea', '#db2777', '#0891b2', '#dc2626', '#4b5563'];

type Mode =
  | { kind: 'idle' }
  | { kind: 'drawing' }
  | { kind: 'naming'; polygon: Polygon }
  | { kind: 'reshaping'; id: string; draft: Polygon | null }
  | { kind: 'boundary' };

type Errors = Partial<Record<AreaField | 'form', string>>;

/**
 * The patrol areas of /ManagePatrolschedules (docs/product.md §4.6): drawn and reshaped on the map with
 * Leaflet-Geoman, named and coloured beside it, retired when no longer patrolled. The supadmin
 * draws the barangay boundary here with the same tool.
 */
export function AreasManager({ canEditBoundary }: { canEditBoundary: boolean }) {
  const { t } = useLingui();
  const areas = usePatrolAreas();
  const createArea = useCreateArea();
  const updateArea = useUpdateArea();
  const retireArea = useRetireArea();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [newColor, setNewColor] = useState(AREA_PALETTE[0]!);
  const [drawControls, setDrawControls] = useState<DrawControls | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmRetire, setConfirmRetire] = useState<PatrolArea | null>(null);

  const list = useMemo(() => areas.data ?? [], [areas.data]);
  const selected = list.find((area) => area._id === selectedId) ?? null;

  // Only the new shape's outline matters here: a draft of a reshaped area must not redraw the layer.
  const namingPolygon = mode.kind === 'naming' ? mode.polygon : null;
  const newAreaLabel = t`New area`;
  const shapes = useMemo<EditableShape[]>(() => {
    const drawn = list
      .filter((area) => area.active || area._id === selectedId)
      .map((area) => ({ id: area._id, label: area.name, color: area.active ? area.color : '#6b7280', polygon: area.polygon as Polygon }));
    if (namingPolygon) drawn.push({ id: 'new', label: newAreaLabel, color: newColor, polygon: namingPolygon });
    return drawn;
  }, [list, selectedId, namingPolygon, newColor, newAreaLabel]);

  const reset = () => {
    setMode({ kind: 'idle' });
    setErrors({});
  };

  const saveNew = async (values: { name: string; color: string }) => {
    if (mode.kind !== 'naming') return;
    setErrors({});
    try {
      const created = await createArea.mutateAsync({ ...values, polygon: mode.polygon });
      const name = created.name;
      notify.success(t`Area "${name}" saved`);
      setSelectedId(created._id);
      reset();
    } catch (error) {
      setErrors(areaErrors(error));
    }
  };

  const saveDetails = async (area: PatrolArea, values: { name: string; color: string }) => {
    setErrors({});
    try {
      await updateArea.mutateAsync({ id: area._id, body: values });
      notify.success(t`Area updated`);
    } catch (error) {
      setErrors(areaErrors(error));
    }
  };

  const saveShape = async () => {
    if (mode.kind !== 'reshaping') return;
    if (!mode.draft) {
      reset();
      return;
    }
    setErrors({});
    try {
      await updateArea.mutateAsync({ id: mode.id, body: { polygon: mode.draft } });
      notify.success(t`Shape saved`);
      reset();
    } catch (error) {
      setErrors(areaErrors(error));
    }
  };

  const retire = async (area: PatrolArea) => {
    setConfirmRetire(null);
    try {
      const { outcome } = await retireArea.mutateAsync(area._id);
      const name = area.name;
      notify.success(outcome === 'retired' ? t`Area "${name}" retired` : t`Area "${name}" deleted`);
      if (outcome === 'deleted') setSelectedId(null);
    } catch (error) {
      notify.error(areaErrors(error).form ?? t`Could not retire the area`);
    }
  };

  const bringBack = async (area: PatrolArea) => {
    try {
      await updateArea.mutateAsync({ id: area._id, body: { active: true } });
      const name = area.name;
      notify.success(t`Area "${name}" is active again`);
    } catch (error) {
      notify.error(areaErrors(error).form ?? t`Could not bring the area back`);
    }
  };

  if (mode.kind === 'boundary') return <BoundaryEditor onDone={reset} />;

  const retiringName = confirmRetire?.name ?? '';

  const drawing = mode.kind === 'drawing';
  const reshaping = mode.kind === 'reshaping' ? mode : null;

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(18rem,1fr)]">
      <div className="min-w-0">
        <AreasMap
          shapes={shapes}
          editingId={reshaping?.id ?? null}
          drawColor={drawing ? newColor : null}
          onSelect={(id) => {
            if (mode.kind === 'idle' && id !== 'new') setSelectedId(id);
          }}
          onDrawn={(polygon) => {
            setErrors({});
            setMode({ kind: 'naming', polygon });
          }}
          onChange={(polygon) => setMode((current) => (current.kind === 'reshaping' ? { ...current, draft: polygon } : current))}
          onDrawControls={setDrawControls}
        />
        {drawing && (
          <DrawingBar
            hint={t`Tap the map at each corner of the area. Finish when the outline is complete (at least 3 corners).`}
            controls={drawControls}
            onCancel={reset}
          />
        )}
        {reshaping && (
          <div className="mt-3 rounded-xl border border-line bg-surface p-3" role="group" aria-label={t`Change the shape`}>
            <p className="text-sm text-ink-soft">
              <Trans>Drag the corners to change the shape; drag a middle handle to add a corner.</Trans>
            </p>
            {errors.polygon && <p className="mt-2 text-sm text-danger">{errors.polygon}</p>}
            {errors.form && <p className="mt-2 text-sm text-danger">{errors.form}</p>}
            <div className="mt-3 flex flex-wrap gap-2">
              <button type="button" className="btn btn-primary" onClick={() => void saveShape()} disabled={updateArea.isPending}>
                <Trans>Save shape</Trans>
              </button>
              <button type="button" className="btn btn-secondary" onClick={reset}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </div>
        )}
      </div>

      <aside className="flex min-w-0 flex-col gap-4" aria-label={t`Patrol areas`}>
        {mode.kind === 'naming' ? (
          <div className="card">
            <h3 className="mb-3 text-base font-semibold">
              <Trans>Name the new area</Trans>
            </h3>
            <AreaDetailsForm
              initial={{ name: '', color: newColor }}
              errors={errors}
              submitLabel={t`Save area`}
              busy={createArea.isPending}
              onColorChange={setNewColor}
              onSubmit={(values) => void saveNew(values)}
              onCancel={reset}
            />
          </div>
        ) : (
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={mode.kind !== 'idle'}
              onClick={() => {
                setErrors({});
                setSelectedId(null);
                setNewColor(AREA_PALETTE[list.length % AREA_PALETTE.length]!);
                setMode({ kind: 'drawing' });
              }}
            >
              <Plus className="h-4 w-4" aria-hidden="true" /> <Trans>Draw a new area</Trans>
            </button>
            {canEditBoundary && (
              <button type="button" className="btn btn-secondary" disabled={mode.kind !== 'idle'} onClick={() => setMode({ kind: 'boundary' })}>
                <Trans>Barangay boundary</Trans>
              </button>
            )}
          </div>
        )}

        {selected && mode.kind === 'idle' && (
          <div className="card" data-testid="selected-area">
            <div className="mb-3 flex items-center gap-2">
              <span className="h-4 w-4 shrink-0 rounded-full" style={{ background: selected.color }} aria-hidden="true" />
              <h3 className="flex-1 truncate text-base font-semibold">{selected.name}</h3>
              {!selected.active && (
                <span className="rounded-full bg-surface-2 px-2 py-0.5 text-xs font-semibold text-muted">
                  <Trans>Retired</Trans>
                </span>
              )}
            </div>
            {selected.active ? (
              <>
                <AreaDetailsForm
                  key={selected._id + selected.updatedAt}
                  initial={{ name: selected.name, color: selected.color }}
                  errors={errors}
                  submitLabel={t`Save changes`}
                  busy={updateArea.isPending}
                  onSubmit={(values) => void saveDetails(selected, values)}
                />
                <div className="mt-3 flex flex-wrap gap-2 border-t border-line pt-3">
                  <button type="button" className="btn btn-secondary" onClick={() => setMode({ kind: 'reshaping', id: selected._id, draft: null })}>
                    <Pencil className="h-4 w-4" aria-hidden="true" /> <Trans>Change shape</Trans>
                  </button>
                  <button type="button" className="btn btn-ghost text-danger" onClick={() => setConfirmRetire(selected)}>
                    <Trans>Retire</Trans>
                  </button>
                </div>
              </>
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => void bringBack(selected)}>
                <RotateCcw className="h-4 w-4" aria-hidden="true" /> <Trans>Bring back</Trans>
              </button>
            )}
          </div>
        )}

        <AreaList areas={list} loading={areas.isPending} failed={areas.isError} selectedId={selectedId} onSelect={(id) => mode.kind === 'idle' && setSelectedId(id)} onRetry={() => void areas.refetch()} />
      </aside>

      <ConfirmDialog
        open={confirmRetire !== null}
        message={t`Retire the area "${retiringName}"? Schedules that used it keep it; new ones cannot.`}
        confirmLabel={t`Retire`}
        onConfirm={() => confirmRetire && void retire(confirmRetire)}
        onCancel={() => setConfirmRetire(null)}
      />
    </div>
  );
}

function AreaList({
  areas,
  loading,
  failed,
  selectedId,
  onSelect,
  onRetry,
}: {
  areas: PatrolArea[];
  loading: boolean;
  failed: boolean;
  selectedId: string | null;
  onSelect(id: string): void;
  onRetry(): void;
}) {
  const { t } = useLingui();
  if (loading) return <Loading label={t`Loading the areas…`} />;
  if (failed)
    return (
      <div role="alert" className="rounded-xl border border-line p-4 text-sm">
        <Trans>The areas could not load.</Trans>{' '}
        <button type="button" className="font-semibold text-brand-600 underline" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  if (areas.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
        <Trans>No patrol areas yet. Draw the first one on the map.</Trans>
      </p>
    );
  return (
    <ul className="divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface" aria-label={t`Areas`}>
      {areas.map((area) => (
        <li key={area._id}>
          <button
            type="button"
            aria-pressed={area._id === selectedId}
            className={`flex min-h-11 w-full items-center gap-3 px-3 py-2 text-left text-sm hover:bg-surface-2 ${area._id === selectedId ? 'bg-surface-2 font-semibold' : ''}`}
            onClick={() => onSelect(area._id)}
          >
            <span className="h-3.5 w-3.5 shrink-0 rounded-full" style={{ background: area.active ? area.color : '#9ca3af' }} aria-hidden="true" />
            <span className={`flex-1 truncate ${area.active ? 'text-ink' : 'text-muted line-through'}`}>{area.name}</span>
            {!area.active && (
              <span className="text-xs text-muted">
                <Trans>Retired</Trans>
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
