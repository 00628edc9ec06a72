import type { ReactNode } from 'react';
import { SHOP_NAME } from '@/lib/mail/config';

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
