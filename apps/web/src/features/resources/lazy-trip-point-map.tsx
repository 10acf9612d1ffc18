import { lazyMap } from '@/components/map/lazy-map.tsx';

/** The trip destination map, loaded when a trip form or a trip's map opens (it brings Leaflet). */
export const LazyTripPointMap = lazyMap(() => import('./TripPointMap.tsx'), 'h-48');
