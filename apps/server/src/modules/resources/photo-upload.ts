import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { RESOURCE_LIMITS } from '@bantay/shared';
import { AppError } from '../../lib/app-error.ts';

/** Reads the one file of a photo upload (field `photo`); size and count limits answer 413. */
export async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  const part = await request.file();
  if (!part || part.fieldname !== 'photo') {
    throw new AppError('VALIDATION_FAILED', 'photo: Choose a photo to upload', {
      fields: [{ field: 'photo', message: 'Choose a photo to upload' }],
    });
  }
  return part.toBuffer();
}

/** Registers the multipart parser for photo uploads of one scope only. */
export async function registerPhotoUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, {
    limits: { fileSize: RESOURCE_LIMITS.photoMaxBytes, files: 1, fields: 0, headerPairs: 100 },
  });
}
