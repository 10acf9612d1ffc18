import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { AdapterLogger } from '../outside-service.ts';
import type { Mailer } from './email.ts';

/** The sent log's folder of messages, one .eml file each. */
export function mailSentLogDir(dataDir: string): string {
  return path.join(dataDir, 'sent', 'mail');
}

/** One JSON line per message `{"to","subject","text","file","at"}`, so tests need not parse MIME. */
export function mailSentLogIndex(dataDir: string): string {
  return path.join(dataDir, 'sent', 'mail.jsonl');
}

/**
 * The offline default: every message is built as a real RFC 822 message (nodemailer's stream
 * transport), logged, and kept in the sent log: DATA_DIR/sent/mail/<time>-<random>.eml (any mail
 * client opens it), indexed in DATA_DIR/sent/mail.jsonl.
 */
export function createConsoleMailer(options: { dataDir: string; from: string; log: AdapterLogger; now: () => Date }): Mailer {
  const dir = mailSentLogDir(options.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    provider: 'console',
    async send(message) {
      const at = options.now();
      const info = await transport.sendMail({ from: options.from, date: at, ...message });
      await fs.mkdir(dir, { recursive: true });
      const name = `${at.toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      const line = JSON.stringify({ to: message.to, subject: message.subject, text: message.text, file, at: at.toISOString() });
      await fs.appendFile(mailSentLogIndex(options.dataDir), `${line}\n`, { mode: 0o600 });
      options.log.info(`Email to ${message.to} (sent log ${file}): ${message.subject}`);
    },
    async close() {
      transport.close();
    },
  };
}
