import type { ReactNode } from 'react';
import { SHOP_NAME } from '@/lib/mail/config';
import { ORDER_STATE_LABELS, type OrderState } from '@/lib/order-status';

// The site's colours (daisyUI's light theme, app/globals.css) in hex, which every mail client reads: primary
// oklch(45% 0.24 277) for the wordmark, its rule and the button; base content oklch(21% 0.006 286) for text.
const SITE = { primary: '#422ad5', text: '#18181b', muted: '#52525b', rule: '#e4e4e7' } as const;

const page = { fontFamily: 'Arial, Helvetica, sans-serif', color: SITE.text, lineHeight: 1.5 };
const button = {
  display: 'inline-block',
  padding: '12px 20px',
  background: SITE.primary,
  color: '#ffffff',
  borderRadius: '8px',
  fontWeight: 'bold',
  textDecoration: 'none',
};
const small = { fontSize: '12px', color: SITE.muted };

// The badges' colours (components/ui/status-badge.tsx) in hex: grey waits on the buyer, amber on their company's
// approver, blue is under way, green is done, red is ended.
const STATE_COLOURS: Record<OrderState, { color: string; background: string }> = {
  awaiting_approval: { color: '#92400e', background: '#fef3c7' },
  unpaid: { color: '#3f3f46', background: '#f4f4f5' },
  paid: { color: '#075985', background: '#e0f2fe' },
  partially_shipped: { color: '#075985', background: '#ffffff' },
  shipped: { color: '#166534', background: '#dcfce7' },
  cancelled: { color: '#b91c1c', background: '#ffffff' },
};

/** "Status: Paid" as the screens show it, the same name and colour (docs/DESIGN-SYSTEM.md, Statuses). */
export function OrderStateLine({ state }: { state: OrderState }) {
  const { color, background } = STATE_COLOURS[state];
  return (
    <p>
      Status:{' '}
      <span
        style={{
          color,
          background,
          border: `1px solid ${color}`,
          borderRadius: '999px',
          padding: '1px 8px',
          fontWeight: 'bold',
        }}
      >
        {ORDER_STATE_LABELS[state]}
      </span>
    </p>
  );
}

/** The frame every mail shares: the shop's name on top, the message, one call to action, a short footer. */
export function MailLayout(props: {
  heading: string;
  children: ReactNode;
  action?: { label: string; href: string };
}) {
  return (
    <html lang="en">
      <body style={page}>
        <p
          style={{
            fontSize: '20px',
            fontWeight: 'bold',
            color: SITE.primary,
            borderBottom: `3px solid ${SITE.primary}`,
            paddingBottom: '8px',
          }}
        >
          {SHOP_NAME}
        </p>
        <h1 style={{ fontSize: '18px' }}>{props.heading}</h1>
        {props.children}
        {props.action && (
          <p>
            <a href={props.action.href} style={button}>
              {props.action.label}
            </a>
          </p>
        )}
        {props.action && (
          <p style={small}>
            Or open this link: <a href={props.action.href}>{props.action.href}</a>
          </p>
        )}
        <p style={{ ...small, borderTop: `1px solid ${SITE.rule}`, paddingTop: '8px' }}>
          {SHOP_NAME} Manufacturing — tools in bulk. You get this mail because of your account at
          our shop.
        </p>
      </body>
    </html>
  );
}
