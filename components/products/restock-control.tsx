'use client';

import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@/components/forms/error-message';
import { apiRequest } from '@/lib/client/api';
import { formatPieces } from '@/lib/format';
import type { ToolDto } from '@/lib/types';

/** Sets a tool's stock to a new number of pieces (admin restock). */
export function RestockControl({
  tool,
  onDone,
}: {
  tool: ToolDto;
  onDone: () => Promise<unknown>;
}) {
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  // The list draws each tool twice (table and card), so the id can not be derived from the tool.
  const inputId = useId();
  const newQuantity = Number(value);
  const valid = value !== '' && Number.isInteger(newQuantity) && newQuantity >= 0;

  async function restock(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!valid) return;
    setPending(true);
    try {
      await apiRequest('PUT', `/api/tools/${tool._id}`, { newQuantity });
      toast.success(`${tool.name} stock set to ${formatPieces(newQuantity)}`);
      setValue('');
      await onDone();
    } catch (cause) {
      toast.error(errorMessage(cause));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={restock} className="flex items-center gap-1">
      <label htmlFor={inputId} className="sr-only">
        New stock of {tool.name} (pieces)
      </label>
      <input
        id={inputId}
        type="number"
        min={0}
        step={1}
        inputMode="numeric"
        className="input input-xs w-20"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="btn btn-xs" disabled={!valid || pending}>
        Restock
      </button>
    </form>
  );
}
