// A local stand-in for GitHub's OAuth app endpoints, so tests never reach github.com. It answers the four calls
// Auth.js's GitHub provider makes under an Enterprise base URL (AUTH_GITHUB_URL): authorize, access_token, the
// user and the user's addresses. Every sign-in is the same GitHub user; `verified` says whether GitHub vouches
// for the address.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

export const GITHUB_USER = {
  id: 4242,
  login: 'octo-tester',
  name: 'Octo Tester',
  email: 'octo.tester@example.com',
  avatar_url: '',
};

/** Starts on 127.0.0.1 (port 0: a free one); answers { url, stop, user }. */
export async function startGitHubStandIn({ port = 0, user = GITHUB_USER, verified = true } = {}) {
  const codes = new Set();
  const tokens = new Set();
  const json = (response, status, body) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      // A person who already authorised the app: straight back with a code and the caller's state.
      const code = randomBytes(16).toString('hex');
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      const state = url.searchParams.get('state');
      if (state) back.searchParams.set('state', state);
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const code = new URLSearchParams(body).get('code');
        if (!code || !codes.delete(code))
          return json(response, 400, { error: 'bad_verification_code' });
        const token = randomBytes(16).toString('hex');
        tokens.add(token);
        json(response, 200, {
          access_token: token,
          token_type: 'bearer',
          scope: 'read:user,user:email',
        });
      });
      return;
    }
    const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return json(response, 401, { message: 'Bad credentials' });
    if (url.pathname === '/api/v3/user') return json(response, 200, user);
    if (url.pathname === '/api/v3/user/emails') {
      return json(response, 200, [
        { email: user.email, primary: true, verified, visibility: 'public' },
      ]);
    }
    json(response, 404, { message: 'Not Found' });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = server.address().port;
  return {
    url: `http://127.0.0.1:${actual}`,
    user,
    /** a token the stand-in accepts, for tests that call the user endpoints directly */
    issueToken() {
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      return token;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
