/** Text and attribute values escaped for XML: &, <, >, quotes; characters XML 1.0 forbids are dropped. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A typed element tree: a name, its attributes and its children (text or elements); null children are left out. */
export type XmlNode = { name: string; attributes?: Record<string, string>; children: XmlChild[] };
export type XmlChild = XmlNode | string | null | undefined | false;

/** `el('ram:ID', {}, 'x')`: an element; children that are null, undefined or false are left out. */
export const el = (
  name: string,
  attributes: Record<string, string> | null,
  ...children: (XmlChild | XmlChild[])[]
): XmlNode => ({ name, ...(attributes && { attributes }), children: children.flat() });

function render(node: XmlNode, depth: number): string {
  const indent = '  '.repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  const children = node.children.filter(
    (child): child is XmlNode | string => child !== null && child !== undefined && child !== false,
  );
  if (children.length === 0) return `${indent}<${node.name}${attributes}/>`;
  if (children.every((child) => typeof child === 'string'))
    return `${indent}<${node.name}${attributes}>${escapeXml(children.join(''))}</${node.name}>`;
  const inner = children
    .map((child) =>
      typeof child === 'string' ? `${indent}  ${escapeXml(child)}` : render(child, depth + 1),
    )
    .join('\n');
  return `${indent}<${node.name}${attributes}>\n${inner}\n${indent}</${node.name}>`;
}

/** The document as UTF-8 XML text with its declaration. */
export const toXml = (root: XmlNode) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${render(root, 0)}\n`;

/** Cents as the decimal EN 16931 amounts use: "1234.50". */
export const amount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/** A rate in basis points as a percentage: 1900 → "19", 750 → "7.5". */
export const percent = (basisPoints: number) => String(basisPoints / 100);
