import fs from 'node:fs/promises';
import path from 'node:path';
import type { AdapterLogger } from '../outside-service.ts';
import type { SmsSender } from './sms.ts';

/** The sent log the console provider appends to, one JSON line `{"to","text","at"}` per message. */
export function smsSentLogFile(dataDir: string): string {
  return path.join(dataDir, 'sent', 'sms.jsonl');
}

/**
 * The offline default: messages are logged and kept in DATA_DIR/sent/sms.jsonl, so a developer
 * (or an end-to-end test) can read the codes without a gateway.
 */
export function createConsoleSms(options: { dataDir: string; log: AdapterLogger; now: () => Date }): SmsSender {
  const file = smsSentLogFile(options.dataDir);
  return {
    provider: 'console',
    async send(message) {
      await fs.mkdir(path.dirname(file), { recursive: true });
      const line = JSON.stringify({ to: message.to, text: message.text, at: options.now().toISOString() });
      // One appendFile call per line: concurrent sends never interleave within a line.
      await fs.appendFile(file, `${line}\n`, { mode: 0o600 });
      options.log.info(`SMS to ${message.to} (console, sent log): ${message.text}`);
    },
  };
}
