/**
 * barangays' door (docs/architecture.md, "The dependency rule"): the barangays this installation
 * serves (decision 035, city mode). One in single-barangay mode, following the settings.
 */
export { followSettings } from './barangays.repository.ts';
