import Link from 'next/link';
import { BUTTON } from '@/components/ui/buttons';

/** All Users' search: a plain GET form, so a search has an address and works without scripts. */
export function UserSearchForm({ q }: { q?: string }) {
  return (
    <form
      role="search"
      aria-label="Search users"
      method="get"
      className="flex flex-wrap items-end gap-2"
    >
      <div className="flex flex-col gap-1 text-sm">
        <label htmlFor="user-search">Name, email or company</label>
        <input
          id="user-search"
          name="q"
          type="search"
          defaultValue={q ?? ''}
          placeholder="e.g. Jane, @acme.com, Acme Ltd"
          className="input w-72 max-w-full"
        />
      </div>
      <button type="submit" className={BUTTON.quiet}>
        Search
      </button>
      {q && (
        <Link href="/dashboard/manageuser" className="btn btn-ghost">
          Show all
        </Link>
      )}
    </form>
  );
}
