import type { ArchiveAttachment } from '@/lib/documents/pdf';

/** The name Factur-X 1.0 and ZUGFeRD 2.x readers look for. */
export const FACTUR_X_FILE = 'factur-x.xml';

const FX = 'urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#';

const property = (name: string, description: string) => `
            <rdf:li rdf:parseType="Resource">
              <pdfaProperty:name>${name}</pdfaProperty:name>
              <pdfaProperty:valueType>Text</pdfaProperty:valueType>
              <pdfaProperty:category>external</pdfaProperty:category>
              <pdfaProperty:description>${description}</pdfaProperty:description>
            </rdf:li>`;

/**
 * The XMP Factur-X requires: its four properties (the EN 16931 profile), and the PDF/A extension schema that
 * declares them, without which a PDF/A validator refuses the unknown namespace.
 */
const XMP = `
        <rdf:Description rdf:about="" xmlns:fx="${FX}">
          <fx:DocumentType>INVOICE</fx:DocumentType>
          <fx:DocumentFileName>${FACTUR_X_FILE}</fx:DocumentFileName>
          <fx:Version>1.0</fx:Version>
          <fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
        </rdf:Description>
        <rdf:Description rdf:about=""
            xmlns:pdfaExtension="http://www.aiim.org/pdfa/ns/extension/"
            xmlns:pdfaSchema="http://www.aiim.org/pdfa/ns/schema#"
            xmlns:pdfaProperty="http://www.aiim.org/pdfa/ns/property#">
          <pdfaExtension:schemas>
            <rdf:Bag>
              <rdf:li rdf:parseType="Resource">
                <pdfaSchema:schema>Factur-X PDFA Extension Schema</pdfaSchema:schema>
                <pdfaSchema:namespaceURI>${FX}</pdfaSchema:namespaceURI>
                <pdfaSchema:prefix>fx</pdfaSchema:prefix>
                <pdfaSchema:property>
                  <rdf:Seq>${property('DocumentFileName', 'name of the embedded XML invoice file')}${property(
                    'DocumentType',
                    'INVOICE',
                  )}${property('Version', 'The actual version of the Factur-X XML schema')}${property(
                    'ConformanceLevel',
                    'The conformance level of the embedded Factur-X data',
                  )}
                  </rdf:Seq>
                </pdfaSchema:property>
              </rdf:li>
            </rdf:Bag>
          </pdfaExtension:schemas>
        </rdf:Description>`;

/** The CII XML of an invoice or credit note as the Factur-X attachment of its PDF. */
export const facturXAttachment = (ciiXml: string): ArchiveAttachment => ({
  name: FACTUR_X_FILE,
  description: 'Factur-X / ZUGFeRD invoice data (EN 16931)',
  mimeType: 'text/xml',
  content: ciiXml,
  xmp: XMP,
});
