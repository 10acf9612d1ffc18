import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../outside-service.ts';
import { createConsoleMailer, mailSentLogDir, mailSentLogIndex } from './console-email.ts';
import { createSmtpMailer } from './smtp-email.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

describe('console email (the offline default)', () => {
  it('each message becomes an .eml file under DATA_DIR/sent/mail and a line in mail.jsonl', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-mail-'));
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const mailer = createConsoleMailer({ dataDir, from: 'Bantay <no-reply@bantay.test>', log: silentLogger, now: () => new Date('2026-06-01T08:00:00Z') });
    await mailer.send({ to: 'juan@example.test', subject: 'Reset your password', text: 'Open http://localhost/reset-password/abc' });
    const files = await fs.readdir(mailSentLogDir(dataDir));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await fs.readFile(path.join(mailSentLogDir(dataDir), files[0]!), 'utf8');
    expect(eml).toMatch(/^From: Bantay <no-reply@bantay.test>$/m);
    expect(eml).toMatch(/^To: juan@example.test$/m);
    expect(eml).toMatch(/^Subject: Reset your password$/m);
    expect(eml).toContain('http://localhost/reset-password/abc');
    const index = JSON.parse((await fs.readFile(mailSentLogIndex(dataDir), 'utf8')).trim());
    expect(index).toMatchObject({ to: 'juan@example.test', subject: 'Reset your password', text: 'Open http://localhost/reset-password/abc' });
    expect(index.file).toBe(path.join(mailSentLogDir(dataDir), files[0]!));
    await mailer.close();
  });
});

interface Received {
  from: string;
  to: string[];
  data: string;
}

async function startSmtpSink(options: { rejectRecipient?: string } = {}): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === options.rejectRecipient) return callback(new Error('550 No such user'));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = (server as unknown as { server: net.Server }).server.address() as AddressInfo;
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `smtp://127.0.0.1:${port}`, received };
}

describe('SMTP email', () => {
  it('delivers the message to the SMTP server with the configured sender', async () => {
    const sink = await startSmtpSink();
    const mailer = createSmtpMailer({ url: sink.url, from: 'Bantay <no-reply@bantay.test>', timeoutMs: 2000 });
    cleanups.push(() => mailer.close());
    await mailer.send({ to: 'maria@example.test', subject: 'Hello', text: 'Body text' });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]).toMatchObject({ from: 'no-reply@bantay.test', to: ['maria@example.test'] });
    expect(sink.received[0]!.data).toMatch(/^Subject: Hello$/m);
    expect(sink.received[0]!.data).toContain('Body text');
  });

  it('a refused recipient is a clear SMTP error', async () => {
    const sink = await startSmtpSink({ rejectRecipient: 'ghost@example.test' });
    const mailer = createSmtpMailer({ url: sink.url, from: 'no-reply@bantay.test', timeoutMs: 2000 });
    cleanups.push(() => mailer.close());
    await expect(mailer.send({ to: 'ghost@example.test', subject: 'x', text: 'x' })).rejects.toThrow(/^SMTP: sending failed \(.*No such user/);
  });

  it('a server that never greets times out', async () => {
    const silent = net.createServer(() => {});
    const sockets = new Set<net.Socket>();
    silent.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const { port } = silent.address() as AddressInfo;
    const mailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'no-reply@bantay.test', timeoutMs: 200 });
    cleanups.push(() => mailer.close());
    await expect(mailer.send({ to: 'a@example.test', subject: 'x', text: 'x' })).rejects.toThrow(/^SMTP: sending failed \(ETIMEDOUT\)/);
  });
});
