import type { MailData } from '@/lib/mail/kinds';
import { MailLayout } from './layout';

/** To every admin when an order leaves a tool with less than its minimum order: nobody can order it any more. */
export function LowStockMail(tool: MailData<'low_stock'>) {
  return (
    <MailLayout
      heading="A tool needs restocking"
      action={{ label: 'Restock or edit it', href: tool.link }}
    >
      <p>
        An order has just left {tool.product} with {tool.quantity} pieces, below its minimum order
        of {tool.minQuantity} pieces: customers can not order it until it is restocked.
      </p>
    </MailLayout>
  );
}
