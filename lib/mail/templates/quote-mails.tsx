import { formatCents, formatDay, formatQuoteNumber } from '@/lib/format';
import type { MailData } from '@/lib/mail/kinds';
import { MailLayout } from './layout';

// A message is the sender's plain text: React escapes it, so markup in it reads as the characters typed.
const quotedText = {
  whiteSpace: 'pre-wrap',
  borderLeft: '3px solid #e4e4e7',
  paddingLeft: '8px',
} as const;

/** To every admin: a customer asks for a price. */
export function QuoteRequestedMail(quote: MailData<'quote_requested'>) {
  return (
    <MailLayout
      heading="A customer asks for a quote"
      action={{ label: 'Answer the quote', href: quote.link }}
    >
      <p>
        {quote.customer} asks for quote {formatQuoteNumber(quote.number)}.
      </p>
      {quote.text && <p style={quotedText}>{quote.text}</p>}
    </MailLayout>
  );
}

/** To the customer: the shop priced their quote. */
export function QuoteAnsweredMail(quote: MailData<'quote_answered'>) {
  return (
    <MailLayout
      heading="Your quote is answered"
      action={{ label: 'Open your quote', href: quote.link }}
    >
      <p>
        Hello {quote.name}, quote {formatQuoteNumber(quote.number)} comes to{' '}
        {formatCents(quote.totalCents)}, ready within {quote.leadTimeDays} days. It is valid until{' '}
        {formatDay(quote.validUntil)}: accept it on its page to place the order at these prices.
      </p>
    </MailLayout>
  );
}

/** To the other side of the thread. */
export function QuoteMessageMail(quote: MailData<'quote_message'>) {
  return (
    <MailLayout
      heading={`New message on quote ${formatQuoteNumber(quote.number)}`}
      action={{ label: 'Reply on the quote', href: quote.link }}
    >
      <p>{quote.from} wrote:</p>
      <p style={quotedText}>{quote.text}</p>
    </MailLayout>
  );
}

/** To the customer: the answer's validity passed. */
export function QuoteExpiredMail(quote: MailData<'quote_expired'>) {
  return (
    <MailLayout
      heading="Your quote expired"
      action={{ label: 'Open your quote', href: quote.link }}
    >
      <p>
        Hello {quote.name}, quote {formatQuoteNumber(quote.number)} was valid until{' '}
        {formatDay(quote.validUntil)} and can no longer be accepted. Ask for a new quote if you
        still need these tools.
      </p>
    </MailLayout>
  );
}
