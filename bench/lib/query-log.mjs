// Preloaded into the server by bench/dashboard.mjs (`node --import ./bench/lib/query-log.mjs`): a
// query log for plan checks that costs nothing until the bench turns it on. SIGUSR2 toggles it;
// while on, every statement node-postgres sends (text and parameters) is appended to the file
// named by BENCH_QUERY_LOG as one JSON line. The server's code is untouched: it resolves the same
// `pg` module, whose Client prototype is wrapped here.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const file = process.env.BENCH_QUERY_LOG;
if (file) {
  const pg = createRequire(path.join(process.cwd(), 'apps/server/package.json'))('pg');
  const original = pg.Client.prototype.query;
  let on = false;
  process.on('SIGUSR2', () => {
    on = !on;
    // The bench waits for this line before it makes (or after it made) the call it wants logged.
    fs.appendFileSync(file, `${JSON.stringify({ on })}\n`);
  });
  pg.Client.prototype.query = function query(config, values, callback) {
    if (on && config) {
      const text = typeof config === 'string' ? config : config.text;
      const params = typeof config === 'object' && config.values ? config.values : Array.isArray(values) ? values : [];
      if (text) fs.appendFileSync(file, `${JSON.stringify({ text, values: params })}\n`);
    }
    return original.call(this, config, values, callback);
  };
}
