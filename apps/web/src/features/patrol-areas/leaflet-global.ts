import L from 'leaflet';

/**
 * Leaflet-Geoman reads Leaflet from the global `L` when it loads. Modules run in import order, so
 * importing this module just before Geoman hands it the same Leaflet the rest of the app uses.
 */
(globalThis as unknown as { L: typeof L }).L = L;
