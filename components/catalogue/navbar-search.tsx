import Form from 'next/form';

interface NavbarSearchProps {
  /** `bar`: in the navbar from `lg` up; `menu`: full width inside the phone menu and the dashboard drawer. */
  variant?: 'bar' | 'menu';
}

/** The catalogue search in the header: a GET form to /tools, so it works before scripts load. */
export function NavbarSearch({ variant = 'bar' }: NavbarSearchProps) {
  const bar = variant === 'bar';
  return (
    <Form
      action="/tools"
      role="search"
      aria-label="Search tools"
      className={bar ? 'hidden shrink-0 lg:flex' : 'flex w-full p-1'}
    >
      <label className={`input items-center gap-2 ${bar ? 'input-sm w-48' : 'w-full'}`}>
        <svg viewBox="0 0 24 24" className="size-4 opacity-60" aria-hidden="true">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="sr-only">Search tools</span>
        <input
          type="search"
          name="q"
          maxLength={100}
          placeholder="Search tools"
          enterKeyHint="search"
          className="grow"
        />
      </label>
    </Form>
  );
}
