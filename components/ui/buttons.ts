/**
 * The shop's button styles, by role (docs/DESIGN-SYSTEM.md). One primary colour for the action a screen is for; quiet
 * outlines for everything else; a destructive action stays an outline until its confirmation, where it turns solid.
 */
export const BUTTON = {
  /** The screen's main action, one per screen: Order, Confirm Order, Pay, Save. */
  primary: 'btn btn-primary',
  /** The main action of a screen built around it (the payment page's Pay): the largest thing on the screen. */
  main: 'btn btn-primary btn-lg',
  /** Every other action: Go back, Retry, filters, Edit. */
  quiet: 'btn btn-outline',
  /** Cancel an order, Remove a product or a user: quiet until confirmed. */
  destructive: 'btn btn-outline btn-error',
  /** The confirmation's own button, the only solid red one. */
  confirmDestructive: 'btn btn-error',
} as const;

/** Compact buttons inside table rows and cards; the phone rule in app/globals.css still makes them 44 px tall. */
export const ROW_BUTTON = 'btn-sm';
