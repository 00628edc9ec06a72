/** A tool's part number as every page prints it: "SKU WR-1012", in a face that keeps 0 and O apart. */
export function Sku({ sku, className = '' }: { sku: string; className?: string }) {
  return (
    <span className={`text-sm text-base-content/75 ${className}`}>
      SKU <span className="font-mono font-semibold text-base-content">{sku}</span>
    </span>
  );
}
