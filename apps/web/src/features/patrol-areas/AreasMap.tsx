import { useLingui } from '@lingui/react/macro';
import StaffMap from '@/components/map/StaffMap.tsx';
import PolygonEditorLayer, { type PolygonEditorLayerProps } from './PolygonEditorLayer.tsx';

/** The drawing map of /ManagePatrolschedules, loaded on demand with Leaflet and Geoman. */
export default function AreasMap(props: PolygonEditorLayerProps) {
  const { t } = useLingui();
  return (
    <StaffMap label={t`Patrol areas on the map`} className="h-[22rem] lg:h-[34rem]" testId="areas-map">
      <PolygonEditorLayer {...props} />
    </StaffMap>
  );
}
