import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCount, formatUsd } from '@/lib/format';
import { toDollars } from '@/lib/money';

/** A4 in points, with the margins every shop document uses. */
const MARGIN = 50;
const WIDTH = 595.28 - MARGIN * 2;

export const usd = (cents: number) => formatUsd(toDollars(cents));
export const pieces = (quantity: number) => formatCount(quantity);

export interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A file carried inside an archival PDF, with the XMP metadata that names it (Factur-X: factur-x.xml). */
export interface ArchiveAttachment {
  name: string;
  description: string;
  mimeType: string;
  content: string;
  /** rdf:Description elements added to the document's XMP metadata */
  xmp: string;
}

/**
 * PDF/A wants every font inside the file: Liberation Sans has Helvetica's metrics, so an archival document lays out
 * exactly as the others do. Read from the repository at run time (lib/documents/fonts, with its licence).
 */
const FONTS = path.join(process.cwd(), 'lib', 'documents', 'fonts');

/**
 * Draws a shop document with pdfkit and answers its bytes. The creation date is the document's own date, so the
 * same stored data always gives the same file. With an attachment the file is PDF/A-3b: fonts embedded, an sRGB
 * output intent, and the attachment as an associated file (AFRelationship Data) named in the XMP metadata.
 */
export function drawPdf(
  title: string,
  createdOn: string,
  draw: (pdf: PDFKit.PDFDocument) => void,
  attachment?: ArchiveAttachment,
): Promise<Buffer> {
  const created = new Date(`${createdOn}T00:00:00Z`);
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: title, Creator: 'Toolhaus', CreationDate: created },
    ...(attachment && {
      pdfVersion: '1.7',
      subset: 'PDF/A-3b',
      lang: 'en',
      // pdfkit opens the default font at once: an unembedded Helvetica would be in the file otherwise
      font: path.join(FONTS, 'LiberationSans-Regular.ttf'),
    }),
  });
  if (attachment) {
    pdf.registerFont('Helvetica', path.join(FONTS, 'LiberationSans-Regular.ttf'));
    pdf.registerFont('Helvetica-Bold', path.join(FONTS, 'LiberationSans-Bold.ttf'));
    // pdfkit writes AFRelationship from `relationship`, which its type definitions do not list yet.
    const options: PDFKit.Mixins.PDFAttachmentOptions & { relationship: 'Data' } = {
      name: attachment.name,
      type: attachment.mimeType,
      description: attachment.description,
      relationship: 'Data',
      creationDate: created,
      modifiedDate: created,
    };
    pdf.file(Buffer.from(attachment.content, 'utf8'), options);
    pdf.appendXML(attachment.xmp);
  }
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf);
  pdf.end();
  return done;
}

/** A block of lines under a bold heading, at (x, y), `width` wide. */
export function block(
  pdf: PDFKit.PDFDocument,
  heading: string,
  lines: readonly (string | null | undefined)[],
  x: number,
  y: number,
  width: number,
): number {
  pdf.font('Helvetica-Bold').fontSize(10).text(heading, x, y, { width });
  pdf.font('Helvetica').fontSize(9);
  for (const line of lines) if (line) pdf.text(line, x, pdf.y, { width });
  return pdf.y;
}

/** A table with a bold header row; each row is one line of cells. Answers the y below it. */
export function table(
  pdf: PDFKit.PDFDocument,
  columns: readonly Column[],
  rows: readonly string[][],
  top: number,
): number {
  let y = top;
  const drawRow = (cells: readonly string[], font: string) => {
    pdf.font(font).fontSize(9);
    let x = MARGIN;
    let height = 0;
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      const options = { width: column.width - 6, align: column.align ?? 'left' } as const;
      height = Math.max(height, pdf.heightOfString(cell, options));
      pdf.text(cell, x, y, options);
      x += column.width;
    });
    y += height + 6;
  };
  drawRow(
    columns.map((column) => column.title),
    'Helvetica-Bold',
  );
  pdf
    .moveTo(MARGIN, y - 3)
    .lineTo(MARGIN + WIDTH, y - 3)
    .stroke('#999999');
  for (const row of rows) {
    if (y > 760) {
      pdf.addPage();
      y = MARGIN;
    }
    drawRow(row, 'Helvetica');
  }
  return y;
}

export const PAGE = { margin: MARGIN, width: WIDTH };
