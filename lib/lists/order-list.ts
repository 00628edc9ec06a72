import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { NO_LONGER_SOLD } from '@/lib/cart/problems';
import { addCartLines } from '@/lib/cart/quick-order';
import type { CartLineProblem } from '@/lib/types';
import type { OrderListInput } from '@/lib/validation/lists';
import { readList } from './lists';

/**
 * Orders a list into the caller's cart: every line, or the lines chosen (by SKU or toolId, with another quantity if
 * given). It is a quick order of those lines, so the answer is quick order's: `added`, and each refused line with its
 * position among the lines ordered (1-based), its SKU and "SKU: reason". A chosen line not on the list is refused
 * the same way.
 */
export async function orderList(
  actor: Actor | null,
  listId: string,
  input: OrderListInput,
): Promise<{ added: number; problems: CartLineProblem[] }> {
  const current = requireSignedIn(actor);
  const list = await readList(current, listId);
  const wanted: OrderListInput['lines'] & object =
    input.lines ?? list.lines.map(({ toolId, quantity }) => ({ toolId, quantity }));
  const picked = wanted.map((choice) => {
    const line = list.lines.find((held) =>
      choice.toolId ? held.toolId === choice.toolId : held.sku === choice.sku!.toUpperCase(),
    );
    return {
      line,
      sku: line?.sku ?? choice.sku?.toUpperCase(),
      quantity: choice.quantity ?? line?.quantity,
    };
  });
  const problems: CartLineProblem[] = [];
  const sent: { at: number; sku: string; quantity: number }[] = [];
  picked.forEach(({ line, sku, quantity }, index) => {
    if (!line) {
      const reason = 'This line is not on the list';
      problems.push({
        line: index + 1,
        ...(sku && { sku }),
        message: sku ? `${sku}: ${reason}` : reason,
      });
    } else if (line.problem === NO_LONGER_SOLD) {
      // Quick order knows only tools on sale: it would call this one an unknown SKU.
      problems.push({
        line: index + 1,
        sku: line.sku,
        message: `${line.sku}: This tool is no longer sold`,
      });
    } else sent.push({ at: index + 1, sku: line.sku, quantity: quantity! });
  });
  if (sent.length === 0) return { added: 0, problems };
  const answer = await addCartLines(current, {
    lines: sent.map(({ sku, quantity }) => ({ sku, quantity })),
  });
  for (const problem of answer.problems)
    problems.push({ ...problem, line: sent[problem.line! - 1]!.at });
  return { added: answer.added, problems: problems.sort((a, b) => a.line! - b.line!) };
}
