import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The certificate of the local push service the push tests run (test/push-service.ts). The server
 * under test must trust it the way it trusts a real push service, through the CA store, and not by
 * switching verification off: it is made here, in vitest's global setup, and named in
 * NODE_EXTRA_CA_CERTS before the test workers are forked (Node reads that variable only when a
 * process starts). An NODE_EXTRA_CA_CERTS already set is kept: both go into one bundle.
 */
export interface PushServiceTls {
  certFile: string;
  keyFile: string;
  /** What NODE_EXTRA_CA_CERTS names: this certificate, after any CA set before. */
  caBundle: string;
}

let prepared: Promise<{ tls: PushServiceTls; release: () => Promise<void> }> | undefined;
let users = 0;

/** Called by each test project's global setup; the projects share one certificate. */
export async function preparePushServiceTls(): Promise<{ tls: PushServiceTls; release: () => Promise<void> }> {
  users += 1;
  prepared ??= create();
  const { tls, release } = await prepared;
  return {
    tls,
    release: async () => {
      users -= 1;
      if (users === 0) await release();
    },
  };
}

async function create(): Promise<{ tls: PushServiceTls; release: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-push-tls-'));
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    '/CN=Bantay test push service',
    '-addext',
    'subjectAltName=IP:127.0.0.1,IP:::1,DNS:localhost,DNS:pinned.bantay.localhost',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  const bundle = path.join(dir, 'ca-bundle.pem');
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  const earlier = previous ? await fs.readFile(previous, 'utf8').catch(() => '') : '';
  await fs.writeFile(bundle, `${earlier.trim()}\n${await fs.readFile(certFile, 'utf8')}`.trimStart());
  process.env.NODE_EXTRA_CA_CERTS = bundle;
  return {
    tls: { certFile, keyFile, caBundle: bundle },
    release: async () => {
      if (previous === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = previous;
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
