import type { ApiKeyScope } from '@/lib/validation/api-keys';

// The routes an API key may call at all, and the scope each one takes: deny by default. A route missing here refuses
// every key, whatever its scopes (lib/auth/api-key-gate.ts), so a new route is closed to keys until it is listed. The
// route itself still decides as for the key's owner: another company's order stays a 404, an admin check a 403.

const ROUTES: Record<ApiKeyScope, readonly string[]> = {
  'catalogue:read': ['GET /api/tools', 'GET /api/tools/lookup', 'GET /api/tools/{id}'],
  'orders:read': [
    'GET /api/order/{email}',
    'GET /api/checkout/{id}',
    'GET /api/orders/documents',
    'GET /api/orders/{id}',
    'GET /api/orders/{id}/packing-slip',
    'GET /api/checkout/{id}/shipments/{number}/packing-slip',
  ],
  'orders:write': [
    'GET /api/cart',
    'PUT /api/cart/{toolId}',
    'DELETE /api/cart/{toolId}',
    'POST /api/cart/lines',
    'POST /api/checkout',
    'POST /api/order',
  ],
  'invoices:read': ['GET /api/invoices/{number}', 'GET /api/statement/pdf'],
};

interface KeyRoute {
  method: string;
  pattern: RegExp;
  scope: ApiKeyScope;
}

const toPattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}/?$`);

const TABLE: KeyRoute[] = Object.entries(ROUTES).flatMap(([scope, routes]) =>
  routes.map((entry) => {
    const [method, path] = entry.split(' ') as [string, string];
    return { method, pattern: toPattern(path), scope: scope as ApiKeyScope };
  }),
);

/** The scope a key needs for this call, or null when no key may make it. HEAD is read like GET. */
export function scopeOfRoute(method: string, pathname: string): ApiKeyScope | null {
  const verb = method === 'HEAD' ? 'GET' : method;
  return (
    TABLE.find((route) => route.method === verb && route.pattern.test(pathname))?.scope ?? null
  );
}

/** Every route a key may call, by scope: the dashboard's help and the docs read it. */
export const API_KEY_ROUTES = ROUTES;
