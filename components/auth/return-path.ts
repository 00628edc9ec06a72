import type { Route } from 'next';

/** Keeps the remembered `from` when switching between /login and /signup. */
export function withFrom(path: Route, from: string | undefined): Route {
  return from ? `${path}?${new URLSearchParams({ from })}` : path;
}

/** A search parameter that may arrive repeated: the first value counts. */
export function firstParam(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
