/** An email address that may wrap before its @ rather than anywhere ("ada.fischer@ex / ample.com"). */
export function EmailAddress({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 1) return <span className="break-all">{email}</span>;
  return (
    <span className="break-words">
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </span>
  );
}
