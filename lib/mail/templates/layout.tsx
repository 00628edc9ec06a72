import type { ReactNode } from 'react';
import { SHOP_NAME } from '@/lib/mail/config';

const page = { fontFamily: 'Arial, Helvetica, sans-serif', color: '#1f2937', lineHeight: 1.5 };
const button = {
  display: 'inline-block',
  padding: '10px 18px',
  background: '#0f766e',
  color: '#ffffff',
  borderRadius: '6px',
  textDecoration: 'none',
};

/** The frame every mail shares: the shop's name on top, the message, one call to action, a short footer. */
export function MailLayout(props: {
  heading: string;
  children: ReactNode;
  action?: { label: string; href: string };
}) {
  return (
    <html lang="en">
      <body style={page}>
        <p style={{ fontSize: '20px', fontWeight: 'bold', color: '#0f766e' }}>{SHOP_NAME}</p>
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
          <p style={{ fontSize: '12px', color: '#6b7280' }}>
            Or open this link: <a href={props.action.href}>{props.action.href}</a>
          </p>
        )}
        <p style={{ fontSize: '12px', color: '#6b7280' }}>
          {SHOP_NAME} Manufacturing — tools in bulk. You get this mail because of your account at
          our shop.
        </p>
      </body>
    </html>
  );
}
