import Form from 'next/form';

/** The catalogue search in the navbar on wide screens; phones reach it on /tools. */
export function NavbarSearch() {
  return (
    <Form action="/tools" role="search" aria-label="Search tools" className="hidden lg:flex">
      <label className="input input-sm w-48 items-center gap-2">
        <svg viewBox="0 0 24 24" className="size-4 opacity-60" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="sr-only">Search tools</span>
        <input type="search" name="q" maxLength={100} placeholder="Search tools" className="grow" />
      </label>
    </Form>
  );
}
