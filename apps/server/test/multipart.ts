import crypto from 'node:crypto';

export interface UploadFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body with the files under one field name, for `app.inject`. */
export function multipartBody(field: string, files: UploadFile[]) {
  const boundary = `----bantay-${crypto.randomBytes(6).toString('hex')}`;
  const parts = files.flatMap((file) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
    file.bytes,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
