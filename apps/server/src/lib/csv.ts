/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads ñ and é), CRLF line ends,
 * every field quoted. Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a
 * leading apostrophe, so a tanod's note can never become a formula on an admin's machine.
 */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: CsvCell): string {
  if (value === null || value === undefined) return '""';
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replaceAll('"', '""')}"`;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(cell).join(',')).join('\r\n')}\r\n`;
}
