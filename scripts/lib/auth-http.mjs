// Signing in over plain HTTP the way a browser does, to obtain the REST contract's bearer accessToken: used by the
// benchmarks and by the e2e specs that start servers of their own (no Playwright request context there).

/** The cookies a sequence of responses set, sent back like a browser would (an emptied or expired one is dropped). */
export function cookieJar() {
  const cookies = new Map();
  return {
    take(response) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';');
        const split = pair.indexOf('=');
        if (split <= 0) continue;
        const name = pair.slice(0, split).trim();
        const value = pair.slice(split + 1).trim();
        const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
        if (!value || expired) cookies.delete(name);
        else cookies.set(name, value);
      }
    },
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    has: (part) => [...cookies.keys()].some((name) => name.includes(part)),
    /** "name=value" of the first cookie whose name ends with `suffix`. */
    pair: (suffix) => {
      const found = [...cookies].find(([name]) => name.endsWith(suffix));
      return found && `${found[0]}=${found[1]}`;
    },
  };
}

async function expectOk(response, what) {
  if (response.ok) return response;
  throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`);
}

/** POST /api/signup; an existing account (409) is fine. */
export async function signUp(base, { name, email, password }) {
  const response = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  if (response.status !== 409) await expectOk(response, `sign-up of ${email}`);
}

/**
 * Auth.js credentials sign-in: GET /api/auth/csrf, then the form-encoded POST to the callback, which must redirect
 * (302) without an error and set the session cookie. Returns the cookie jar holding the session.
 */
export async function signIn(base, { email, password }) {
  const jar = cookieJar();
  const csrf = await expectOk(await fetch(`${base}/api/auth/csrf`), 'GET /api/auth/csrf');
  jar.take(csrf);
  const { csrfToken } = await csrf.json();
  const callback = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: new URLSearchParams({ csrfToken, email, password, callbackUrl: `${base}/` }),
  });
  jar.take(callback);
  const location = callback.headers.get('location') ?? '';
  if (callback.status !== 302 || location.includes('error') || !jar.has('session-token')) {
    throw new Error(`sign-in of ${email} failed: HTTP ${callback.status} -> ${location}`);
  }
  return jar;
}

/** PUT /api/user/{email} {email} with a signed-in session's cookies, which answers { token }. */
export async function tokenOf(base, email, jar) {
  const sync = await expectOk(
    await fetch(`${base}/api/user/${encodeURIComponent(email)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: jar.header() },
      body: JSON.stringify({ email }),
    }),
    `PUT /api/user/${email}`,
  );
  const { token } = await sync.json();
  if (typeof token !== 'string') throw new Error(`PUT /api/user/${email} returned no token`);
  return token;
}

/** Signs in, then asks for the bearer token. */
export async function accessToken(base, { email, password }) {
  return tokenOf(base, email, await signIn(base, { email, password }));
}
