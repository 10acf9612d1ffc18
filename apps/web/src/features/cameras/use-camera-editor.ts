import { useCallback, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { Camera } from '@bantay/shared';
import { notify } from '@/lib/toast.ts';
import { updateCamera } from './api/update-camera.ts';
import { useRefreshCameras } from './api/list-cameras.ts';
import { parsePosition, positionText, serverErrors, type PositionText } from './camera-form.ts';

/** What the camera form is open on: a new camera, one of the list, or nothing (the list shows). */
type CameraSelection = { kind: 'new' } | { kind: 'edit'; id: string } | null;

/** What the map's camera layer needs while an admin manages cameras (see CameraLayer). */
export interface CameraLayerEditing {
  selectedId: string | null;
  /** The form's position when it is not the saved one: a new camera's, or a typed or picked one. */
  draft: { lat: number; lng: number } | null;
  /** The next click on the map sets the form's position. */
  placing: boolean;
  onSelect(id: string): void;
  /** A camera dragged to a new place: saved at once; false (the marker goes back) when refused. */
  onMove(id: string, to: { lat: number; lng: number }): Promise<boolean>;
  /** The draft dragged, or the map clicked while placing. */
  onDraft(to: { lat: number; lng: number }): void;
}

export interface CameraEditor {
  managing: boolean;
  setManaging(on: boolean): void;
  selection: CameraSelection;
  select(selection: CameraSelection): void;
  /** The form's latitude and longitude as text: typed, or written by the map. */
  position: PositionText;
  setPosition(text: PositionText): void;
  placing: boolean;
  setPlacing(on: boolean): void;
  layer: CameraLayerEditing;
}

const EMPTY_POSITION: PositionText = { lat: '', lng: '' };

/**
 * The state an admin's camera work shares between the map (a lazily loaded module) and the panel
 * beside it: which camera the form is on, its position as typed or picked, and the pick mode.
 * Dragging a marker saves its new place at once; the form's fields are the keyboard's way.
 */
export function useCameraEditor(cameras: Camera[]): CameraEditor {
  const { t } = useLingui();
  const refresh = useRefreshCameras();
  const [managing, setManagingState] = useState(false);
  const [selection, setSelection] = useState<CameraSelection>(null);
  const [position, setPosition] = useState<PositionText>(EMPTY_POSITION);
  const [placing, setPlacing] = useState(false);

  const select = useCallback(
    (next: CameraSelection) => {
      setSelection(next);
      const camera = next?.kind === 'edit' ? cameras.find((item) => item._id === next.id) : undefined;
      setPosition(camera ? positionText(camera.location) : EMPTY_POSITION);
      // A new camera has no place yet: the first click on the map gives it one.
      setPlacing(next?.kind === 'new');
    },
    [cameras],
  );

  const setManaging = useCallback((on: boolean) => {
    setManagingState(on);
    setSelection(null);
    setPlacing(false);
  }, []);

  const selectedId = selection?.kind === 'edit' ? selection.id : null;
  const selected = selectedId ? cameras.find((camera) => camera._id === selectedId) : undefined;
  const typed = parsePosition(position);
  const draft = selection === null || !typed || (selected && typed.lat === selected.location.lat && typed.lng === selected.location.lng) ? null : typed;

  const onMove = useCallback(
    async (id: string, to: { lat: number; lng: number }) => {
      const camera = cameras.find((item) => item._id === id);
      const location = { lat: Number(to.lat.toFixed(6)), lng: Number(to.lng.toFixed(6)) };
      try {
        await updateCamera(id, { location });
        await refresh();
        if (selectedId === id) setPosition(positionText(location));
        const name = camera?.name;
        notify.success(name ? t`${name} moved` : t`Camera moved`);
        return true;
      } catch (error) {
        const failed = t`The camera could not be moved. Please try again.`;
        const errors = serverErrors(error, failed);
        notify.error(errors.lat ?? errors.lng ?? errors.form ?? failed);
        return false;
      }
    },
    [cameras, refresh, selectedId, t],
  );

  const onDraft = useCallback((to: { lat: number; lng: number }) => {
    setPosition(positionText(to));
    setPlacing(false);
  }, []);

  const onSelect = useCallback((id: string) => select({ kind: 'edit', id }), [select]);

  const layer = useMemo<CameraLayerEditing>(
    () => ({ selectedId, draft, placing, onSelect, onMove, onDraft }),
    // `draft` is a new object each render: its numbers are what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selectedId, draft?.lat, draft?.lng, placing, onSelect, onMove, onDraft],
  );

  return { managing, setManaging, selection, select, position, setPosition, placing, setPlacing, layer };
}
