'use client';

import { useEffect, useRef, useState, type ComponentProps } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder-tool.svg';

type ToolImageProps = Omit<ComponentProps<'img'>, 'src'> & { src: string | null | undefined };

/**
 * A product photo that falls back to the drawn placeholder when its address is empty or dead (admins may enter any
 * URL), instead of the browser's broken-image icon and alt text. An image that failed before hydration fired its
 * error event before React listened, so the first effect looks at the element itself.
 */
export function ToolImage({ src, alt, ...image }: ToolImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const element = useRef<HTMLImageElement>(null);
  const wanted = src || PLACEHOLDER_IMAGE;

  useEffect(() => {
    const img = element.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(wanted);
  }, [wanted]);

  const shown = failed === wanted ? PLACEHOLDER_IMAGE : wanted;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- admins may enter any external image URL, which next/image would reject without a remote pattern
    <img
      ref={element}
      src={shown}
      alt={alt}
      onError={() => shown !== PLACEHOLDER_IMAGE && setFailed(wanted)}
      {...image}
    />
  );
}
