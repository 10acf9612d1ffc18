import { describe, expect, it } from 'vitest';
import type { Camera } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { createBody, parsePosition, positionText, serverErrors, updateBody, valuesOf } from './camera-form.ts';

const camera: Camera = {
  _id: 'c1',
  name: 'Chapel gate',
  description: 'Faces the plaza',
  location: { lat: 14.7368, lng: 121.0508 },
  viewingUrl: null,
  ownerContact: 'Parish office',
  createdAt: '2026-06-01T00:00:00Z',
  updatedAt: '2026-06-01T00:00:00Z',
};

describe('the camera form', () => {
  it('reads typed or picked coordinates, and nothing half typed', () => {
    expect(positionText({ lat: 14.73561234, lng: 121.0498 })).toEqual({ lat: '14.735612', lng: '121.049800' });
    expect(parsePosition({ lat: '14.7356', lng: ' 121.0498 ' })).toEqual({ lat: 14.7356, lng: 121.0498 });
    expect(parsePosition({ lat: '14.7356', lng: '' })).toBeNull();
    expect(parsePosition({ lat: 'north', lng: '121' })).toBeNull();
  });

  it('a new camera needs a name and a place, each named on its own field', () => {
    const blank = createBody(valuesOf(null), { lat: '', lng: 'x' });
    expect(blank.errors).toEqual({ name: 'Name is required', lat: 'Latitude is required', lng: 'Longitude must be a number' });
    const noName = createBody(valuesOf(null), { lat: '14.7', lng: '121.05' });
    expect(noName.errors).toEqual({ name: 'Name is required' });
    const badUrl = createBody({ ...valuesOf(null), name: 'Gate', viewingUrl: 'rtsp://cam' }, { lat: '14.7', lng: '121.05' });
    expect(badUrl.errors?.viewingUrl).toMatch(/http/);
    const farNorth = createBody({ ...valuesOf(null), name: 'Gate' }, { lat: '95', lng: '121.05' });
    expect(Object.keys(farNorth.errors ?? {})).toEqual(['lat']);
    expect(createBody({ ...valuesOf(null), name: 'Gate' }, { lat: '14.7', lng: '121.05' }).body).toMatchObject({ name: 'Gate', location: { lat: 14.7, lng: 121.05 } });
  });

  it('an edit sends only what changed, clears emptied fields with null, and nothing when nothing changed', () => {
    const same = positionText(camera.location);
    expect(updateBody(camera, valuesOf(camera), same)).toBeNull();
    expect(updateBody(camera, { ...valuesOf(camera), name: ' ' }, { lat: '', lng: same.lng })?.errors).toEqual({ name: 'Name is required', lat: 'Latitude is required' });
    const edited = updateBody(camera, { ...valuesOf(camera), description: '  ', viewingUrl: 'http://10.0.0.5/live' }, { lat: '14.74', lng: same.lng });
    expect(edited?.body).toEqual({ description: null, viewingUrl: 'http://10.0.0.5/live', location: { lat: 14.74, lng: 121.0508 } });
  });

  it("puts the server's field errors next to their field and the rest above the form", () => {
    const refused = new ApiError(400, 'VALIDATION_FAILED', 'Invalid', [{ field: 'location.lng', message: 'Too big' }, { field: 'name', message: 'Taken' }]);
    expect(serverErrors(refused, 'Failed')).toEqual({ lng: 'Too big', name: 'Taken' });
    expect(serverErrors(new ApiError(404, 'NOT_FOUND', 'Camera not found'), 'Failed')).toEqual({ form: 'Camera not found' });
    expect(serverErrors(new Error('boom'), 'Failed')).toEqual({ form: 'Failed' });
  });
});
