/**
 * Colours the maps agree on (docs/product.md §4.7: red emergency, blue normal), free of Leaflet so that
 * legends on a page can use them before the map's code arrives.
 */
export const MARKER_COLORS = {
  emergency: '#dc2626',
  normal: '#1d4ed8',
  backup: '#d97706',
  camera: '#475569',
  tanod: '#15803d',
} as const;
