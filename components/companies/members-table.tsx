import { DataTable, type Column } from '@/components/tables/data-table';
import { Price } from '@/components/price';
import type { CompanyMemberDto } from '@/lib/types';
import { MemberActions } from './member-actions';

const limitOf = (member: CompanyMemberDto) =>
  member.role !== 'buyer' ? (
    'None'
  ) : member.spendingLimit === null ? (
    'No limit'
  ) : (
    <Price amount={member.spendingLimit} />
  );

/** A company's members with their role and limit; an owner also sees Change and Remove. A card each on phones. */
export function MembersTable({ members, owner }: { members: CompanyMemberDto[]; owner: boolean }) {
  const columns: Column<CompanyMemberDto>[] = [
    {
      header: 'Member',
      rowHeader: true,
      card: 'none',
      cell: (member) => (
        <>
          <span className="font-semibold">{member.name ?? member.email}</span>
          <br />
          <span className="text-xs">{member.email}</span>
        </>
      ),
    },
    { header: 'Role', cell: (member) => <span className="capitalize">{member.role}</span> },
    { header: 'Spending limit', cell: limitOf },
    ...(owner
      ? [
          {
            header: 'Actions',
            card: 'action' as const,
            cell: (member: CompanyMemberDto) => <MemberActions member={member} />,
          },
        ]
      : []),
  ];
  return (
    <DataTable
      caption="Members"
      columns={columns}
      rows={members}
      rowKey={(member) => member.userId}
      cardTitle={(member) => member.name ?? member.email}
    />
  );
}
