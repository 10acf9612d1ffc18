import { msg } from '@lingui/core/macro';
import multipart from '@fastify/multipart';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import type { Text } from '../lib/i18n.ts';

/**
 * The one way a route takes an upload (avatars, the logo, item and vehicle photos, a report's
 * photos, an incident's evidence): `uploadRoute` registers the route on a scope of its own with
 * the multipart parser and its limits, which answer 413 before a byte more is read
 * (FST_REQ_FILE_TOO_LARGE, FST_FILES_LIMIT: http/error-handler.ts), and declares
 * `consumes: multipart/form-data` (the route table and the API docs read it). The handler reads
 * the body with `readPhoto` (one photo: its first bytes must be a JPEG, PNG or WebP signature, so
 * anything else is refused 415 before it reaches sharp), `readFiles` or `readParts`; the files
 * module then decodes and re-encodes every image (modules/files/image-input.ts).
 */
export interface UploadLimits {
  /** Bytes per file. */
  maxBytes: number;
  /** Files per request (1 unless said). */
  maxFiles?: number;
  /** Text fields per request (none unless said), each of at most `fieldSize` bytes. */
  fields?: number;
  fieldSize?: number;
}

type ZodRouteOptions<S extends FastifySchema> = RouteShorthandOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;
type ZodRouteHandler<S extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** `POST url` taking a multipart upload within `limits`; the multipart parser exists on this route only. */
export async function uploadRoute<const S extends FastifySchema>(
  app: FastifyInstance,
  url: string,
  limits: UploadLimits,
  options: ZodRouteOptions<S> & { schema: S },
  handler: ZodRouteHandler<S>,
): Promise<void> {
  const files = limits.maxFiles ?? 1;
  const fields = limits.fields ?? 0;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: {
        fileSize: limits.maxBytes,
        files,
        fields,
        ...(limits.fieldSize === undefined ? {} : { fieldSize: limits.fieldSize }),
        parts: files + fields + 1,
        headerPairs: 100,
      },
    });
    const schema = { ...options.schema, consumes: ['multipart/form-data'] };
    scope.withTypeProvider<ZodTypeProvider>().post(url, { ...options, schema }, handler as ZodRouteHandler<typeof schema>);
  });
}

export type PhotoFormat = 'jpeg' | 'png' | 'webp';

/** The image format the bytes start with, or null: JPEG `FF D8 FF`, PNG's eight-byte signature, WebP `RIFF….WEBP`. */
export function photoFormatOf(bytes: Buffer): PhotoFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

const fieldError = (code: 'VALIDATION_FAILED' | 'UNSUPPORTED_MEDIA_TYPE', field: string, message: Text) =>
  new AppError(code, message, { fields: [{ field, message }] });

/**
 * The one photo of a request, under `field`: 400 when there is none (or it came under another
 * name), 415 when its bytes are not a JPEG, PNG or WebP, whatever its name or declared type.
 */
export async function readPhoto(request: FastifyRequest, field = 'photo'): Promise<Buffer> {
  const part = await request.file();
  if (!part || part.fieldname !== field) throw fieldError('VALIDATION_FAILED', field, msg`Choose a photo to upload`);
  const bytes = await part.toBuffer();
  if (!photoFormatOf(bytes)) throw fieldError('UNSUPPORTED_MEDIA_TYPE', field, msg`Upload a JPEG, PNG or WebP image`);
  return bytes;
}

/**
 * Every file of a request as bytes (the files module checks what they are); past the route's
 * limits the parser throws 413 (FST_REQ_FILE_TOO_LARGE, FST_FILES_LIMIT).
 */
export async function readFiles(request: FastifyRequest): Promise<Buffer[]> {
  const files: Buffer[] = [];
  for await (const part of request.files()) files.push(await part.toBuffer());
  return files;
}

export interface UploadParts {
  /** The text fields, by name. */
  fields: Record<string, string>;
  /** The photos, sent under the field `photos`. */
  files: Buffer[];
}

/**
 * The text fields and the photos of a request: a file under another field than `photos`, or a
 * field cut short at the route's `fieldSize`, is refused 400 naming it.
 */
export async function readParts(request: FastifyRequest): Promise<UploadParts> {
  const upload: UploadParts = { fields: {}, files: [] };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'photos') {
        await part.toBuffer();
        throw new AppError('VALIDATION_FAILED', msg`photos: Send the photos under the field "photos"`, {
          fields: [{ field: 'photos', message: msg`Send the photos under the field "photos"` }],
        });
      }
      upload.files.push(await part.toBuffer());
    } else {
      if (part.valueTruncated) {
        const field = part.fieldname;
        throw new AppError('VALIDATION_FAILED', msg`${field}: is too long`, { fields: [{ field, message: msg`is too long` }] });
      }
      upload.fields[part.fieldname] = String(part.value);
    }
  }
  return upload;
}
