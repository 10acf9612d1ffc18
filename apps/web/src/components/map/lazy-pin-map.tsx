import { lazyMap } from './lazy-map.tsx';

/** The pin picker (PinMap.tsx), loaded when a form shows it: it brings Leaflet. */
export const LazyPinMap = lazyMap(() => import('./PinMap.tsx'), 'h-64');
