import { XMLParser } from 'fast-xml-parser';
import { badDocument } from './status';

// Reading and writing the XML of punch-out. A document from outside is read with no DTD processing at all: a cXML
// document may name the cXML DTD (`<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.x/cXML.dtd">`), which
// is dropped unread; any internal subset or entity declaration (XXE, billion laughs) is refused before the parser
// sees the text, and the parser expands no entity but the five predefined ones and character references.

/** Larger than any order of the shop's 100-line cart with long descriptions. */
export const MAX_DOCUMENT_BYTES = 512 * 1024;

const CXML_DOCTYPE =
  /<!DOCTYPE\s+cXML\s+SYSTEM\s+"https?:\/\/xml\.cxml\.org\/schemas\/cXML\/[\d.]+\/cXML\.dtd"\s*>/;

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** `&amp;` and `&#233;`: the references XML defines without a DTD; any other is an error. */
function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (_, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    const value = PREDEFINED[name];
    if (value === undefined) throw badDocument(`Unknown entity &${name};`);
    return value;
  });
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  textNodeName: '#text',
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Elements that may repeat are always lists, so one line reads like many.
  isArray: (name) =>
    ['ItemOut', 'ItemIn', 'Credential', 'Extrinsic', 'Street', 'Email'].includes(name),
  tagValueProcessor: (_name, value) => decode(value),
  attributeValueProcessor: (_name, value) => decode(value),
});

export type XmlNode = { [name: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** The document as nested objects; a refused DTD, a malformed or an oversized document is a cXML 400. */
export function parseXml(text: string): XmlNode {
  if (Buffer.byteLength(text) > MAX_DOCUMENT_BYTES) throw badDocument('The document is too large');
  const withoutDoctype = text.replace(CXML_DOCTYPE, '');
  if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(withoutDoctype))
    throw badDocument(
      'Document type declarations are not accepted, except the cXML DTD by its address',
    );
  try {
    return parser.parse(withoutDoctype, true) as XmlNode;
  } catch (error) {
    if (error instanceof Error && error.name === 'CxmlError') throw error;
    throw badDocument('The document is not well-formed XML');
  }
}

/** Text for XML: element content and attribute values alike. */
export const escapeXml = (value: string | number) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** The child element (the first of a list), or undefined. */
export function child(node: XmlValue | undefined, name: string): XmlNode | undefined {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return undefined;
  const value = node[name];
  const first = Array.isArray(value) ? value[0] : value;
  if (first === undefined) return undefined;
  return typeof first === 'string' ? { '#text': first } : (first as XmlNode);
}

/** Every child element of that name. */
export function children(node: XmlNode | undefined, name: string): XmlNode[] {
  const value = node?.[name];
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value]).map((item) =>
    typeof item === 'string' ? { '#text': item } : (item as XmlNode),
  );
}

/** An element's text ('' for an empty element), or undefined without the element. */
export function textOf(node: XmlNode | undefined): string | undefined {
  if (!node) return undefined;
  const text = node['#text'];
  return typeof text === 'string' ? text : '';
}

export function attribute(node: XmlNode | undefined, name: string): string | undefined {
  const value = node?.[`@${name}`];
  return typeof value === 'string' ? value : undefined;
}
