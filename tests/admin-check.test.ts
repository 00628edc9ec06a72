import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every decision that gives a caller admin powers asks isAdmin/requireAdmin (lib/auth/guards.ts), which knows
// REQUIRE_ADMIN_2FA; a bare role comparison somewhere else is how reads once bypassed it. The comparisons left are
// questions about a target account's role, not about the caller's powers, each listed here with why.
const ONE_CHECK = 'lib/auth/guards.ts';
const ROLE_QUESTIONS: Record<string, string> = {
  // GET /api/user/admin/{email}: whether that account is an admin (the REST contract's question).
  "lib/users/accounts.ts: return { admin: user?.role === 'admin' };": 'target',
  // Promotion writes the role; the caller was checked by requireAdmin first.
  "lib/users/accounts.ts: .where(and(eq(users.id, target.id), ne(users.role, 'admin')))": 'target',
  // The last admin can not be removed or closed: counts of admins.
  "lib/users/accounts.ts: if (target.role === 'admin') {": 'target',
  "lib/users/accounts.ts: .where(eq(users.role, 'admin'));": 'target',
  "lib/users/accounts.ts: .where(eq(users.role, 'admin'))": 'target',
  "lib/users/close-account.ts: if (user.role === 'admin') {": 'target',
  "lib/users/close-account.ts: .where(eq(users.role, 'admin'));": 'target',
  // Start-up: the configured admin account exists and takes its password.
  "lib/users/accounts.ts: return user?.role === 'admin' && (await verifyPassword(user.passwordHash, password));":
    'target',
  "lib/users/accounts.ts: if (existing.role === 'admin' && passwordHolds) return;": 'target',
  // Which menu to show; every screen it links to asks requirePageAdmin, which sends an un-enrolled admin to enrolment.
  "config/routes.ts: return [PROFILE, ...(role === 'admin' ? ADMIN_ITEMS : CUSTOMER_ITEMS)];":
    'display',
  // All Users shows who is an admin.
  "components/dashboard/users-table.tsx: user.role === 'admin' ? (": 'display',
  // The resolver marks an admin who must enrol first (REQUIRE_ADMIN_2FA); isAdmin reads that mark. Grants nothing.
  "lib/auth/caller.ts: if (actor?.role !== 'admin' || !getEnv().REQUIRE_ADMIN_2FA) return actor;":
    'marks only',
  // Sign-ins to admin accounts are recorded in the audit log; the sign-in itself grants what the session gets.
  "lib/auth/admin-sign-in-audit.ts: if (user.role !== 'admin') return;": 'target',
  // The low-stock mail goes to the admins' addresses.
  "lib/orders/stock-take.ts: WHERE complete.ok AND admins.role = 'admin'": 'target',
  // A quote's request and a customer's message are mailed to the admins' addresses.
  "lib/quotes/mails.ts: .where(eq(users.role, 'admin'));": 'target',
  // A refusal, not a power: an admin's account makes no API key (a key acts as its maker, lib/companies/api-keys.ts).
  "lib/companies/api-keys.ts: if (owner.actor.role === 'admin') throw forbidden('Admin accounts can not make API keys');":
    'refuses',
  "lib/companies/punchout.ts: if (owner.actor.role === 'admin') throw forbidden('Admin accounts can not set up punch-out');":
    'refuses',
};

// A company member's role (owner, approver, buyer) is another question, about buying for a company: never admin.
const ROLE_COMPARISON =
  /role\s*[!=]==\s*'admin'|'admin'\s*[!=]==\s*\S*role|(?:eq|ne)\(\s*(?!companyMembers\b)\w+\.role\s*,|\.role\s*=\s*'admin'/;
const ROOTS = ['lib', 'app', 'components', 'config', 'server', 'proxy.ts', 'instrumentation.ts'];

function sourceFiles(entry: string): string[] {
  if (/\.(ts|tsx|mts|mjs)$/.test(entry)) return [entry];
  let names: string[];
  try {
    names = readdirSync(entry);
  } catch {
    return [];
  }
  return names.flatMap((name) => sourceFiles(path.join(entry, name)));
}

describe('the one admin check', () => {
  it('is the only place that turns a role into admin powers', () => {
    const found = ROOTS.flatMap(sourceFiles)
      .filter((file) => file !== ONE_CHECK && !file.startsWith('lib/db/migrations'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => ROLE_COMPARISON.test(line))
          .map((line) => `${file}: ${line.trim()}`),
      );
    expect(found.filter((line) => !(line in ROLE_QUESTIONS))).toEqual([]);
  });
});
