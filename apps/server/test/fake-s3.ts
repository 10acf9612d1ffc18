import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface FakeS3Object {
  data: Buffer;
  contentType: string;
}

interface FakeS3Request {
  method: string;
  /** The path as sent, e.g. `/bucket/prefix/avatars/x.webp` (path-style). */
  path: string;
  authorization: string | undefined;
}

export interface FakeS3 {
  /** `http://127.0.0.1:<port>`: the endpoint part of S3_URL. */
  url: string;
  /** Objects by their path (`/bucket/key`). */
  objects: Map<string, FakeS3Object>;
  requests: FakeS3Request[];
  close(): Promise<void>;
}

/**
 * A local HTTP server playing an S3-compatible service, path-style: PutObject, GetObject and
 * DeleteObject on `/<bucket>/<key>`, with S3's answers (200 with an ETag, 404 NoSuchKey as XML,
 * 204). A request not signed with SigV4 by `accessKeyId` is refused 403, as S3 would.
 */
export async function startFakeS3(options: { accessKeyId: string }): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = decodeURIComponent(new URL(req.url ?? '/', 'http://s3.local').pathname);
      const authorization = req.headers.authorization;
      requests.push({ method: req.method ?? '', path, authorization });
      const xmlError = (status: number, code: string) => {
        res.writeHead(status, { 'content-type': 'application/xml' });
        res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
      };
      if (!authorization?.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`)) return xmlError(403, 'AccessDenied');
      if (req.method === 'PUT') {
        const data = Buffer.concat(chunks);
        objects.set(path, { data, contentType: req.headers['content-type'] ?? 'binary/octet-stream' });
        res.writeHead(200, { etag: `"${data.length}"` });
        return res.end();
      }
      if (req.method === 'GET') {
        const object = objects.get(path);
        if (!object) return xmlError(404, 'NoSuchKey');
        res.writeHead(200, { 'content-type': object.contentType, 'content-length': String(object.data.length) });
        return res.end(object.data);
      }
      if (req.method === 'DELETE') {
        objects.delete(path);
        res.writeHead(204);
        return res.end();
      }
      xmlError(405, 'MethodNotAllowed');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
