'use client';

import { useEffect, useState } from 'react';
import { Price } from '@/components/price';
import { apiRequest } from '@/lib/client/api';
import { formatPieces } from '@/lib/format';
import type { ToolSuggestionDto } from '@/lib/types';

/** How long typing pauses before the look-up asks: one call per pause, not per key. */
const PAUSE_MS = 200;

/**
 * The tools matching what the buyer typed in a row's SKU field, each with its price per piece at the row's quantity
 * and its stock; choosing one fills the row. Buttons, so a keyboard reaches them with Tab.
 */
export function SkuSuggestions({
  text,
  quantity,
  onChoose,
}: {
  text: string;
  quantity: string;
  onChoose: (suggestion: ToolSuggestionDto) => void;
}) {
  const [suggestions, setSuggestions] = useState<ToolSuggestionDto[]>([]);

  useEffect(() => {
    const typed = text.trim();
    let current = true;
    const timer = setTimeout(() => {
      if (!typed) return setSuggestions([]);
      const params = new URLSearchParams({ q: typed });
      if (/^\d+$/.test(quantity.trim())) params.set('quantity', quantity.trim());
      apiRequest<ToolSuggestionDto[]>('GET', `/api/tools/lookup?${params}`)
        .then((found) => current && setSuggestions(found))
        // A failed look-up only means no suggestions: the line is still judged when it is sent.
        .catch(() => current && setSuggestions([]));
    }, PAUSE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, quantity]);

  const exact = suggestions.length === 1 && suggestions[0]!.sku === text.trim().toUpperCase();
  if (suggestions.length === 0 || exact) return null;
  return (
    <ul aria-label={`Tools matching ${text.trim()}`} className="flex flex-col gap-1">
      {suggestions.map((tool) => (
        <li key={tool._id}>
          <button
            type="button"
            className="btn btn-ghost btn-block h-auto justify-start py-2 text-left font-normal"
            onClick={() => onChoose(tool)}
          >
            <span className="flex flex-col">
              <span>
                <span className="font-mono font-semibold">{tool.sku}</span> {tool.name}
              </span>
              <span className="text-sm text-base-content/75">
                <Price amount={tool.unitPrice} /> each at {formatPieces(tool.pricedFor)} ·{' '}
                {formatPieces(tool.quantity)} in stock · minimum {formatPieces(tool.min_quantity)}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
