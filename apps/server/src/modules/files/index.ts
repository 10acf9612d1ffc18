/**
 * The door of the files module (docs/architecture.md): the file store, and every kind of stored
 * photo (avatars and the logo, incident photos, item and vehicle photos) with the checks and
 * re-encoding it goes through. Other modules import only this file.
 */
export { createFileStore, type FileStore } from './file-store.ts';
export { filesRoutes } from './files.routes.ts';
export { readAvatar, removeAvatar, storeAvatar } from './avatar-storage.ts';
export {
  encodeIncidentPhoto,
  incidentPhotoKey,
  readIncidentPhoto,
  removeIncidentPhotos,
  writeIncidentPhotos,
  type EncodedPhoto,
} from './incident-photos.ts';
export { replaceResourcePhoto } from './resource-photos.ts';
export { storedImageReader } from './stored-images.ts';
