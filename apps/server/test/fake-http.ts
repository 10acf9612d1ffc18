import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body read as an urlencoded form. */
  form: Record<string, string>;
}

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

export type FakeAnswer = { status: number; json?: unknown; text?: string } | 'hang';

/**
 * A local HTTP server on port 0 that plays an outside provider: it records each request and
 * answers with what `answer` returns ('hang' never answers, for timeouts).
 */
export async function startFakeServer(answer: (request: RecordedRequest) => FakeAnswer): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        form: Object.fromEntries(new URLSearchParams(body)),
      };
      requests.push(recorded);
      const result = answer(recorded);
      if (result === 'hang') {
        hanging.add(res);
        return;
      }
      if (result.json !== undefined) {
        res.writeHead(result.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(result.json));
      } else {
        res.writeHead(result.status, { 'content-type': 'text/plain' });
        res.end(result.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
