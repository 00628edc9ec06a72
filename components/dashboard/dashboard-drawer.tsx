'use client';

import { useRef, useState } from 'react';

const DRAWER_ID = 'dashboard-drawer';
const MENU_ID = 'dashboard-menu';

/** Waits until the sliding panel is visible (it fades in), then moves focus into it for keyboard users. */
function focusWhenVisible(element: HTMLElement | null, frames = 30) {
  if (!element) return;
  if (getComputedStyle(element).visibility === 'visible' || frames === 0) {
    element.focus();
    return;
  }
  requestAnimationFrame(() => focusWhenVisible(element, frames - 1));
}

/**
 * daisyUI's drawer: a fixed side menu on large screens, a sliding panel behind "Open dashboard menu" on small ones.
 * The checkbox that daisyUI's CSS reads is driven by state so that real buttons (not a bare label) open and close it.
 */
export function DashboardDrawer({
  menu,
  siteMenu,
  children,
}: {
  menu: React.ReactNode;
  /** The site's own links, for phones, where the navbar leaves its menu button out (one menu control a screen). */
  siteMenu: React.ReactNode;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  function show() {
    setOpen(true);
    requestAnimationFrame(() => focusWhenVisible(closeButton.current));
  }

  function hide({ restoreFocus }: { restoreFocus: boolean }) {
    setOpen(false);
    if (restoreFocus) openButton.current?.focus();
  }

  return (
    <div className="drawer flex-1 lg:drawer-open">
      <input
        id={DRAWER_ID}
        type="checkbox"
        className="drawer-toggle"
        checked={open}
        onChange={(event) => setOpen(event.target.checked)}
        tabIndex={-1}
        aria-hidden="true"
      />
      <main id="main" className="drawer-content flex min-w-0 flex-col gap-6 px-4 py-8 lg:px-8">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold text-primary">Your Dashboard</h1>
          <button
            ref={openButton}
            type="button"
            className="btn btn-outline btn-primary btn-sm lg:hidden"
            aria-controls={MENU_ID}
            aria-expanded={open}
            onClick={show}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="size-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path strokeLinecap="round" d="M4 6h16M4 12h16M4 18h16" />
            </svg>
            Open dashboard menu
          </button>
        </div>
        {children}
      </main>
      <div
        className="drawer-side z-40 lg:z-auto"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) hide({ restoreFocus: true });
        }}
      >
        {/* Pointer users close by tapping outside; keyboard users have the close button and Escape. */}
        <div
          className="drawer-overlay"
          aria-hidden="true"
          onClick={() => hide({ restoreFocus: false })}
        />
        <div
          id={MENU_ID}
          className="min-h-full w-72 lg:w-60 border-r border-base-300 bg-base-200 p-4"
          onClick={(event) => {
            // Following a link on a phone should reveal the page, not leave the menu over it.
            if ((event.target as HTMLElement).closest('a')) setOpen(false);
          }}
        >
          <div className="mb-2 flex justify-end lg:hidden">
            <button
              ref={closeButton}
              type="button"
              className="btn btn-ghost btn-sm"
              onClick={() => hide({ restoreFocus: true })}
            >
              Close dashboard menu
            </button>
          </div>
          <nav aria-label="Dashboard">{menu}</nav>
          {siteMenu}
        </div>
      </div>
    </div>
  );
}
