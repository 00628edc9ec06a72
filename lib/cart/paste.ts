/** One line of a quick order as the buyer wrote it, with its line number in what they pasted or uploaded. */
export interface PastedLine {
  line: number;
  sku: string;
  quantity: string;
}

/** The cells of one CSV record (RFC 4180 quotes: `"a, b"`, `""` for a quote); a tab-separated line splits on tabs. */
function cellsOf(text: string): string[] {
  if (text.includes('\t'))
    return text.split('\t').map((cell) => cell.trim().replace(/^"(.*)"$/, '$1'));
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (character === ',' || character === ';') {
      cells.push(cell.trim());
      cell = '';
    } else cell += character;
  }
  cells.push(cell.trim());
  return cells;
}

const HEADER_SKU = /^(sku|part|part\s*(no|number|#)|item|article|product)\.?$/i;
const NUMBER = /^\d[\d,. ]*$/;

/**
 * Reads a quick order: one `SKU, quantity` (or `SKU<TAB>quantity`, as a spreadsheet copies) per line, as pasted or
 * as a `.csv` file's text. A byte-order mark, blank lines and a header row are skipped; every other line is kept,
 * with its number, for the server to judge (it says which lines it refused and why).
 */
export function parseQuickOrder(text: string): PastedLine[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const parsed: PastedLine[] = [];
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const [sku = '', quantity = ''] = cellsOf(raw);
    if (parsed.length === 0 && HEADER_SKU.test(sku) && !NUMBER.test(quantity)) return;
    if (sku === '' && quantity === '') return;
    parsed.push({ line: index + 1, sku, quantity });
  });
  return parsed;
}

/**
 * A quantity cell as a number of pieces: digits, with thousands separators ("1,000") allowed; anything else is
 * null (not a number). Fractions come back as fractions, for the whole-number rule to refuse.
 */
export function readQuantity(cell: string | number): number | null {
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  const text = cell.trim().replace(/^"(.*)"$/, '$1');
  if (/^\d{1,3}(,\d{3})+$/.test(text)) return Number(text.replaceAll(',', ''));
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text);
  return null;
}

/**
 * What is left to fix after a quick order: only the given lines (numbered as in `text`), in their order, so that
 * sending the box again never adds a line twice.
 */
export function keepLines(text: string, lineNumbers: number[]): string {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  return lineNumbers.map((number) => lines[number - 1] ?? '').join('\n');
}
