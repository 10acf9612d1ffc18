import { createContext, useContext } from 'react';
import type { Map as LeafletMap } from 'leaflet';

/**
 * The Leaflet map of the nearest `StaffMap`. Layer components (incident markers, the patrol
 * layers) render inside a `StaffMap` and add their layers to this map in effects. Type-only
 * import: this module costs nothing on pages without a map.
 */
export const MapContext = createContext<LeafletMap | null>(null);

export function useLeafletMap(): LeafletMap {
  const map = useContext(MapContext);
  if (!map) throw new Error('useLeafletMap outside StaffMap');
  return map;
}
