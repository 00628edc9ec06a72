// Intentionally empty. Without it Turbopack picks up the repository root's instrumentation.ts
// (its project root is the repository, for node_modules), and the bare app would start the shop.
export function register() {}
