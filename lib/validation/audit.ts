import { z } from 'zod';
import { optionalParam, text } from './fields';
import { isoDate, orderListQuerySchema, RANGE_ERROR, rangeInOrder } from './orders';

// What the audit log records, one name per admin action, per change to a company's members and per approver's
// decision on a buyer's order (lib/audit/record.ts): the API's `action` values and the
// filter's choices on /dashboard/audit, with the label that page shows.
export const AUDIT_ACTIONS = {
  'product.create': 'Product added',
  'product.edit': 'Product edited',
  'product.restock': 'Product restocked',
  'product.remove': 'Product removed',
  'user.make_admin': 'Made admin',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'user.remove': 'User removed',
  'order.ship': 'Order marked shipped',
  'order.shipment': 'Shipment sent',
  'order.cancel': 'Order cancelled',
  'order.export': 'Orders exported',
  'order.approve': 'Order approved',
  'order.decline': 'Order declined',
  'mail.resend': 'Mail sent again',
  'admin.sign_in': 'Admin signed in',
  'admin.sign_in_failed': 'Admin sign-in failed',
  'terms.grant': 'Payment terms granted',
  'company.prices': 'Company prices set',
  'payment.record': 'Payment recorded',
  'quote.answer': 'Quote answered',
  'quote.withdraw': 'Quote withdrawn',
  'quote.message': 'Quote message sent',
  'photo.upload': 'Photo uploaded',
  'company.create': 'Company created',
  'company.details': 'Company details changed',
  'company.invite': 'Member invited',
  'company.join': 'Invitation accepted',
  'company.member_update': 'Member changed',
  'company.member_remove': 'Member removed',
  'company.address': 'Address book changed',
  'api_key.create': 'API key created',
  'api_key.revoke': 'API key revoked',
  'api_key.use': 'API key used to write',
  'punchout.settings': 'Punch-out settings saved',
  'punchout.credentials': 'Punch-out secrets renewed',
  'punchout.order': 'Purchase order received by punch-out',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

// The audit log's filters (GET /api/audit and /dashboard/audit): action, admin, a range of days (UTC), page.

export const auditQuerySchema = z
  .object({
    action: optionalParam(
      z.enum(AUDIT_ACTION_NAMES, { error: 'action must be one of the audit log actions' }),
    ),
    actor: optionalParam(
      text('actor must be text')
        .trim()
        .max(254, { error: 'actor must be 254 characters or fewer' }),
    ).transform((value) => value || undefined),
    from: optionalParam(isoDate('from')),
    to: optionalParam(isoDate('to')),
    page: orderListQuerySchema.shape.page,
  })
  .refine(rangeInOrder, RANGE_ERROR);
export type AuditQuery = z.output<typeof auditQuerySchema>;
