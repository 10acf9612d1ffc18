import { t } from '@lingui/core/macro';
import sharp from 'sharp';
import { MARGIN, MUTED, RULE, bottomLimit } from './tables.ts';

/** Photos in a PDF: pdfkit embeds JPEG and PNG only, so stored WebP photos are converted first. */

export interface PdfPhoto {
  /** JPEG bytes, or null when the file is gone (the caption then says so). */
  image: Buffer | null;
  caption: string;
}

/** Long edge of a photo as embedded: sharp enough to zoom into on screen, small enough to mail. */
const EMBED_EDGE = 1200;

/** A stored photo as JPEG for the PDF, or null when it cannot be read. */
export async function loadPdfPhoto(bytes: Buffer | null): Promise<Buffer | null> {
  if (!bytes) return null;
  try {
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .resize(EMBED_EDGE, EMBED_EDGE, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78 })
      .toBuffer();
  } catch {
    return null;
  }
}

const GAP = 12;
const CAPTION_HEIGHT = 26;

/**
 * Photos three to a row (on upright A4 about 5.7 cm wide: a face or a plate still reads, and ten
 * photos fit on one page), each fitted into a 4:3 box with its caption below; a row never splits
 * across pages.
 */
export function drawPhotoGrid(doc: PDFKit.PDFDocument, photos: PdfPhoto[], columns = 3): void {
  const width = (doc.page.width - 2 * MARGIN - (columns - 1) * GAP) / columns;
  const height = Math.round((width * 3) / 4);
  for (let index = 0; index < photos.length; index += columns) {
    if (doc.y + height + CAPTION_HEIGHT > bottomLimit(doc)) doc.addPage();
    const y = doc.y;
    photos.slice(index, index + columns).forEach((photo, column) => {
      const x = MARGIN + column * (width + GAP);
      doc.rect(x, y, width, height).lineWidth(0.5).strokeColor(RULE).stroke();
      if (photo.image) {
        doc.image(photo.image, x + 2, y + 2, { fit: [width - 4, height - 4], align: 'center', valign: 'center' });
      } else {
        doc
          .font('Helvetica-Oblique')
          .fontSize(9)
          .fillColor(MUTED)
          .text(t`The photo file is missing`, x, y + height / 2 - 5, { width, align: 'center', lineBreak: false });
      }
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(photo.caption, x, y + height + 4, { width, height: CAPTION_HEIGHT - 4, ellipsis: true });
    });
    doc.y = y + height + CAPTION_HEIGHT;
  }
  doc.y += 6;
}
