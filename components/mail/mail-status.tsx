const tones = {
  pending: 'badge-ghost',
  sending: 'badge-info',
  sent: 'badge-success',
  failed: 'badge-error',
} as const;

export function MailStatus({ status }: { status: keyof typeof tones }) {
  return <span className={`badge ${tones[status]}`}>{status}</span>;
}
