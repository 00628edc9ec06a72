/** A generated document as a download, never kept by a shared cache (it is one buyer's document). */
const documentResponse = (body: BodyInit, type: string, filename: string) =>
  new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });

export const pdfResponse = ({ filename, pdf }: { filename: string; pdf: Buffer }) =>
  documentResponse(new Uint8Array(pdf), 'application/pdf', filename);

export const xmlResponse = ({ filename, xml }: { filename: string; xml: string }) =>
  documentResponse(xml, 'application/xml; charset=utf-8', filename);
