import { t } from '@lingui/core/macro';
import crypto from 'node:crypto';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { INK, MARGIN, MUTED, RULE, fit } from './tables.ts';

/** The pieces every report PDF shares: the barangay's header with its logo, footers, the buffer. */

export interface PdfBarangay {
  name: string;
  abbreviation: string;
  logo: string | null;
}

/**
 * Reads the bytes behind a stored image's URL, or null. The caller passes the file store's reader
 * (modules/files: `storedImageReader`): this lower layer knows no module (docs/architecture.md).
 */
export type ReadImage = (url: string) => Promise<Buffer | null>;

/** The barangay's logo as PNG bytes (pdfkit reads PNG and JPEG only), or null when there is none. */
export async function loadLogo(logo: string | null, readImage: ReadImage): Promise<Buffer | null> {
  if (!logo) return null;
  const dataUrl = /^data:image\/[a-z+]+;base64,(.+)$/i.exec(logo);
  const bytes = dataUrl ? Buffer.from(dataUrl[1]!, 'base64') : await readImage(logo);
  if (!bytes) return null;
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 }).resize(256, 256, { fit: 'inside' }).png().toBuffer();
  } catch {
    return null;
  }
}

/** The logo (or the abbreviation in a seal), the barangay's name, the report's title and two muted lines. */
export function drawReportHeader(
  doc: PDFKit.PDFDocument,
  barangay: PdfBarangay,
  logo: Buffer | null,
  title: string,
  lines: [string, string],
): void {
  const top = MARGIN;
  const size = 48;
  if (logo) {
    doc.image(logo, MARGIN, top, { fit: [size, size] });
  } else {
    // Without a logo, the barangay's abbreviation in a seal stands in for it.
    doc.circle(MARGIN + size / 2, top + size / 2, size / 2).fill('#1e3a8a');
    doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(11);
    doc.text(fit(doc, barangay.abbreviation, size - 6), MARGIN, top + size / 2 - 6, {
      width: size,
      align: 'center',
      lineBreak: false,
    });
  }
  const left = MARGIN + size + 14;
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(barangay.name, left, top + 2, { lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(title, left, top + 22, { lineBreak: false });
  doc.fillColor(MUTED).fontSize(9);
  doc.text(lines[0], left, top + 38, { lineBreak: false });
  doc.text(lines[1], left, top + 50, { lineBreak: false });
  doc
    .moveTo(MARGIN, top + 68)
    .lineTo(doc.page.width - MARGIN, top + 68)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke();
  doc.y = top + 80;
}

/** `footer · Page n of m` at the foot of every page, written once all pages exist. */
export function drawFooters(doc: PDFKit.PDFDocument, footer: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    const bottomMargin = doc.page.margins.bottom;
    // Writing below the bottom margin would otherwise open a new page.
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 6;
    const width = doc.page.width - 2 * MARGIN;
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(footer, MARGIN, y, { width, align: 'left', lineBreak: false });
    const page = index + 1;
    const pages = range.count;
    // The request's language (lib/i18n.ts), like the rest of the report.
    doc.text(t`Page ${page} of ${pages}`, MARGIN, y, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottomMargin;
  }
}

export interface ReportDocumentOptions {
  title: string;
  author: string;
  createdAt: Date;
  /** Encrypts the file: it opens only with this password (AES-256, PDF 1.7 extension level 3). */
  password?: string | undefined;
  /** Landscape (the default) suits wide tables; a single record such as an incident reads better upright. */
  layout?: 'portrait' | 'landscape';
}

/** An A4 document (landscape unless asked) with buffered pages, and the promise of its bytes once `doc.end()` is called. */
export function createReportDocument(options: ReportDocumentOptions): {
  doc: PDFKit.PDFDocument;
  bytes: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'landscape',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: options.title, Author: options.author, Creator: 'Bantay', CreationDate: options.createdAt },
    ...(options.password
      ? {
          userPassword: options.password,
          // Nobody needs the owner's rights: a random owner password keeps the permissions as set.
          ownerPassword: crypto.randomBytes(24).toString('hex'),
          pdfVersion: '1.7ext3' as const,
          permissions: { printing: 'highResolution' as const, copying: true },
        }
      : {}),
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
