/**
 * The one line under a form that says why the whole submission failed (docs/PRODUCT.md, Messages: in red under the
 * form).
 */
export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="text-error text-sm">
      {message}
    </p>
  );
}
