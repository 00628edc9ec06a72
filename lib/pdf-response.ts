/** A generated PDF as a download, never kept by a shared cache (it is one buyer's document). */
export const pdfResponse = ({ filename, pdf }: { filename: string; pdf: Buffer }) =>
  new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': 'private, no-store',
    },
  });
