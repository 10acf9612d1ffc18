import zlib from 'node:zlib';

/**
 * Readers for the files the audit report downloads, so tests check what a person would see: the
 * CSV's cells and the PDF's pages and text.
 */

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (char !== '\r') cell += char;
  }
  if (cell || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The rows of one titled section of the report's CSV (title row, header row, data rows until a blank row). */
export function csvSection(rows: string[][], title: string): Record<string, string>[] {
  const start = rows.findIndex((row) => row.length === 1 && row[0] === title);
  if (start < 0) throw new Error(`no section "${title}" in the CSV`);
  const header = rows[start + 1]!;
  const data: Record<string, string>[] = [];
  for (const row of rows.slice(start + 2)) {
    if (row.length === 1 && row[0] === '') break;
    data.push(Object.fromEntries(header.map((name, i) => [name, row[i] ?? ''])));
  }
  return data;
}

/** Page objects of a PDF (`/Type /Page`, not `/Pages`). */
export function pdfPageCount(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length;
}

/**
 * The text shown by a PDF made with pdfkit's standard fonts: every content stream is inflated and
 * the hex strings of its TJ operators decoded (WinAnsi), one line per text operation. Each stream
 * is cut by the `/Length` of its dictionary, never by searching for `endstream`: compressed bytes
 * may end in a carriage return, which a `\r?\nendstream` pattern would eat, losing that page's text
 * about once in 256 streams (the roster and incident-report tests failed so, now and then).
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const streamStart = /\/Length (\d+)[^>]*>>\s*stream\r?\n/g;
  for (let match = streamStart.exec(raw); match; match = streamStart.exec(raw)) {
    const start = match.index + match[0].length;
    const length = Number(match[1]);
    streamStart.lastIndex = start + length;
    let content: string;
    try {
      content = zlib.inflateSync(pdf.subarray(start, start + length)).toString('latin1');
    } catch {
      continue;
    }
    for (const operation of content.matchAll(/\[(.*?)\] TJ/g)) {
      const hex = [...operation[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]!).join('');
      lines.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return lines.join('\n');
}
