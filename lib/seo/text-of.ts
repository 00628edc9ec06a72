import { isValidElement, type ReactNode } from 'react';

function collect(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  if (Array.isArray(node)) return node.map(collect).join('');
  if (!isValidElement(node)) return '';
  const text = collect((node.props as { children?: ReactNode }).children);
  // Block elements end a sentence run: keep their texts apart.
  return typeof node.type === 'string' && ['p', 'li', 'pre'].includes(node.type)
    ? ` ${text} `
    : text;
}

/** The text a reader sees in a piece of JSX, on one line: the FAQ's answers as structured data. */
export const textOf = (node: ReactNode): string => collect(node).replace(/\s+/g, ' ').trim();
