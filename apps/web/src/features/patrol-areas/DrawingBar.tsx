import { Trans, useLingui } from '@lingui/react/macro';
import type { DrawControls } from './PolygonEditorLayer.tsx';

/** The large buttons that go with drawing on the map: easier on a phone than Geoman's toolbar. */
export function DrawingBar({ hint, controls, onCancel, error }: { hint: string; controls: DrawControls | null; onCancel(): void; error?: string }) {
  const { t } = useLingui();
  return (
    <div className="mt-3 rounded-xl border border-line bg-surface p-3" role="group" aria-label={t`Drawing`}>
      <p className="text-sm text-ink-soft">{hint}</p>
      {error && <p className="mt-2 text-sm text-danger">{error}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={!controls} onClick={() => controls?.finish()}>
          <Trans>Finish shape</Trans>
        </button>
        <button type="button" className="btn btn-secondary" disabled={!controls} onClick={() => controls?.undoLastPoint()}>
          <Trans>Undo last corner</Trans>
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}
