// Writes .br and .gz next to each text asset so the server sends them without compressing per request.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
// dist/ssr is the server's landing renderer, never sent to a browser.
const SKIP = path.join(dist, 'ssr');
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== SKIP) yield* files(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
for await (const file of files(dist)) {
  const content = await fs.readFile(file);
  if (content.length < 512) continue;
  await fs.writeFile(`${file}.br`, await brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await fs.writeFile(`${file}.gz`, await gzip(content, { level: 9 }));
  count += 1;
}
console.log(`precompressed ${count} files`);
