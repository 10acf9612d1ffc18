import crypto from 'node:crypto';
import sharp from 'sharp';
import type { TestContext } from './harness.ts';
import { bearer } from './harness.ts';

/** Helpers of the evidence and incident report tests: photos, and the multipart upload with its fields. */

export interface EvidenceFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** The multipart field; `photos` unless a test sends it wrong. */
  field?: string;
}

/** A real JPEG of the given size and colour. */
export async function jpeg(width = 640, height = 480, colour = { r: 200, g: 60, b: 40 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();
}

export const asJpeg = (bytes: Buffer, filename = 'scene.jpg'): EvidenceFile => ({ filename, contentType: 'image/jpeg', bytes });

/** A multipart body with text fields first, then the files. */
function evidenceBody(fields: Record<string, string>, files: EvidenceFile[]) {
  const boundary = `----bantay-${crypto.randomBytes(6).toString('hex')}`;
  const parts = [
    ...Object.entries(fields).map(([name, value]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)),
    ...files.flatMap((file) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'photos'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    ]),
  ];
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function postEvidence(ctx: TestContext, incidentId: string, token: string | null, fields: Record<string, string>, files: EvidenceFile[]) {
  const body = evidenceBody(fields, files);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/incidents/${incidentId}/evidence`,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    payload: body.payload,
  });
}
