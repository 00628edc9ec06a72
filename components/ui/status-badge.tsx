import { ORDER_STATE_LABELS } from '@/lib/order-status';

/**
 * Every status a customer or an admin reads, one colour each, the same on every screen (docs/DESIGN-SYSTEM.md):
 * grey waits on the customer, amber on their company's approver, blue is under way, green is done, red is refused or
 * ended. An order's names are
 * lib/order-status.ts's, which its mails say too.
 */
const STATUSES = {
  awaiting_approval: { label: ORDER_STATE_LABELS.awaiting_approval, tone: 'badge-warning' },
  unpaid: { label: ORDER_STATE_LABELS.unpaid, tone: 'badge-ghost' },
  paid: { label: ORDER_STATE_LABELS.paid, tone: 'badge-info' },
  partially_shipped: {
    label: ORDER_STATE_LABELS.partially_shipped,
    tone: 'badge-info badge-outline',
  },
  shipped: { label: ORDER_STATE_LABELS.shipped, tone: 'badge-success' },
  cancelled: { label: ORDER_STATE_LABELS.cancelled, tone: 'badge-error badge-outline' },
  requested: { label: 'Requested', tone: 'badge-ghost' },
  answered: { label: 'Answered', tone: 'badge-info' },
  accepted: { label: 'Accepted', tone: 'badge-success' },
  declined: { label: 'Declined', tone: 'badge-error badge-outline' },
  withdrawn: { label: 'Withdrawn', tone: 'badge-error badge-outline' },
  expired: { label: 'Expired', tone: 'badge-neutral badge-outline' },
} as const;

export type Status = keyof typeof STATUSES;

export const statusLabel = (status: Status) => STATUSES[status].label;

export function StatusBadge({ status }: { status: Status }) {
  const { label, tone } = STATUSES[status];
  return <span className={`badge badge-sm font-medium whitespace-nowrap ${tone}`}>{label}</span>;
}
