import type { UserDto } from '@/lib/types';

const NOT_SET = <span className="text-base-content/70 italic">Not set</span>;

/** Only a plain web address becomes a link: a stored `javascript:` value must never be clickable. */
function LinkedInValue({ value }: { value: string }) {
  if (!/^https?:\/\/\S+$/i.test(value)) return <>{value}</>;
  return (
    <a
      href={value}
      className="link link-primary break-all"
      target="_blank"
      rel="noopener noreferrer"
    >
      {value}
    </a>
  );
}

export function ProfileDetails({ user }: { user: UserDto }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['Name', user.name || user.displayName],
    ['Email', user.email],
    ['Education', user.education],
    ['Institute', user.institution],
    ['Address', user.address],
    ['Phone', user.phone],
    ['LinkedIn', user.linkedIn ? <LinkedInValue value={user.linkedIn} /> : null],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold">{label}</dt>
          <dd className="break-words">{value || NOT_SET}</dd>
        </div>
      ))}
    </dl>
  );
}
