import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '@/lib/audit/record';
import type { Actor } from '@/lib/auth/actor';
import { requireSignedIn } from '@/lib/auth/guards';
import { hashOfToken, newToken } from '@/lib/auth/one-time-tokens';
import { getDb, type Database } from '@/lib/db/client';
import { lockCompany, membershipOf } from '@/lib/db/company-membership';
import { companies, companyInvitations, companyMembers, users } from '@/lib/db/schema';
import { badRequest, conflict, forbidden, tooManyRequests } from '@/lib/errors';
import { mailOrigin } from '@/lib/mail/config';
import { enqueueMail } from '@/lib/mail/outbox';
import { toCents, toDollars } from '@/lib/money';
import {
  acceptInvitationSchema,
  invitationSchema,
  type InvitationInput,
} from '@/lib/validation/companies';
import { ALREADY_IN_A_COMPANY } from './create';
import { requireCompanyRole } from './membership';

const INVITATION_DAYS = 7;
/** Invitations a company may send in a day: enough for a purchasing department, too few to mail-bomb with. */
export const INVITATIONS_PER_DAY = 50;

export const INVALID_INVITATION = 'This invitation link is not valid or has expired';
export const NOT_YOUR_INVITATION =
  'This invitation is for another email address: sign in with the address it was sent to';

export const invitationLink = (origin: string, token: string) =>
  `${origin}/dashboard/company/join?token=${encodeURIComponent(token)}`;

/**
 * `POST /api/company/invitations` (owners): mails a link that lets that address join as `role`. Only the token's
 * hash is kept; a newer invitation to the same address replaces an older one still open. The company's row is
 * locked, so the daily cap holds under concurrency.
 */
export async function inviteMember(
  actor: Actor | null,
  input: InvitationInput,
  origin: string = mailOrigin(),
  db: Database = getDb(),
): Promise<{ invitationId: string; email: string; expiresAt: string }> {
  const owner = await requireCompanyRole(actor, ['owner'], db);
  const { email, role, spendingLimit } = invitationSchema.parse(input);
  const spendingLimitCents = spendingLimit == null ? null : toCents(spendingLimit);
  const token = newToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60_000);
  return db.transaction(async (tx) => {
    const company = await lockCompany(tx, owner.companyId);
    const [member] = await tx
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .innerJoin(users, eq(users.id, companyMembers.userId))
      .where(and(eq(companyMembers.companyId, owner.companyId), eq(users.email, email)));
    if (member) throw conflict(`${email} is already a member`, { email: 'Already a member' });
    const [sentToday] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, owner.companyId),
          gt(companyInvitations.createdAt, sql`now() - interval '1 day'`),
        ),
      );
    if ((sentToday?.count ?? 0) >= INVITATIONS_PER_DAY) {
      throw tooManyRequests(`A company can send ${INVITATIONS_PER_DAY} invitations a day`, 3600);
    }
    await tx
      .delete(companyInvitations)
      .where(
        and(
          eq(companyInvitations.companyId, owner.companyId),
          eq(companyInvitations.email, email),
          isNull(companyInvitations.acceptedAt),
        ),
      );
    const [invitation] = await tx
      .insert(companyInvitations)
      .values({
        companyId: owner.companyId,
        email,
        role,
        spendingLimitCents,
        tokenHash: hashOfToken(token),
        invitedBy: owner.actor.userId,
        expiresAt,
      })
      .returning({ id: companyInvitations.id });
    await enqueueMail(tx, 'company_invitation', email, {
      company: company!.name,
      inviter: owner.actor.name,
      role,
      link: invitationLink(origin, token),
    });
    await recordAudit(tx, {
      actor: owner.actor,
      action: 'company.invite',
      target: `company ${company!.name}`,
      after: {
        email,
        role,
        spendingLimit: spendingLimitCents === null ? null : toDollars(spendingLimitCents),
      },
    });
    return { invitationId: invitation!.id, email, expiresAt: expiresAt.toISOString() };
  });
}

/**
 * `POST /api/company/invitations/accept`: the signed-in account joins the company, once. The link is for its
 * address alone (another account gets 403 and the link stays usable by its addressee), works once (a conditional
 * update claims it, so two tabs at once join once) and for 7 days; an account in another company is refused (409).
 */
export async function acceptInvitation(
  actor: Actor | null,
  input: unknown,
  db: Database = getDb(),
): Promise<{ companyId: string; role: string }> {
  const current = requireSignedIn(actor);
  const parsed = acceptInvitationSchema.safeParse(input);
  if (!parsed.success) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
  const tokenHash = hashOfToken(parsed.data.token);
  return db.transaction(async (tx) => {
    // The account's row first: an account joins one company, whichever invitations it accepts at once.
    const [account] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, current.userId))
      .for('update');
    const [invitation] = await tx
      .select({ invitation: companyInvitations, company: companies.name })
      .from(companyInvitations)
      .innerJoin(companies, eq(companies.id, companyInvitations.companyId))
      .where(eq(companyInvitations.tokenHash, tokenHash));
    const open =
      invitation &&
      invitation.invitation.acceptedAt === null &&
      invitation.invitation.expiresAt > new Date();
    if (!open) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
    const { id, companyId, role, spendingLimitCents, email } = invitation.invitation;
    if (account?.email.toLowerCase() !== email) throw forbidden(NOT_YOUR_INVITATION);
    const member = await membershipOf(tx, current.userId);
    if (member) {
      throw conflict(
        member.companyId === companyId
          ? 'You are already a member of this company'
          : ALREADY_IN_A_COMPANY,
      );
    }
    const [claimed] = await tx
      .update(companyInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: current.userId })
      .where(
        and(
          eq(companyInvitations.id, id),
          isNull(companyInvitations.acceptedAt),
          gt(companyInvitations.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: companyInvitations.id });
    if (!claimed) throw badRequest(INVALID_INVITATION, { token: INVALID_INVITATION });
    await tx
      .insert(companyMembers)
      .values({ userId: current.userId, companyId, role, spendingLimitCents });
    await recordAudit(tx, {
      actor: current,
      action: 'company.join',
      target: `company ${invitation.company}`,
      after: { email, role },
    });
    return { companyId, role };
  });
}
