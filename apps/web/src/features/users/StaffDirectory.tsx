import { useDeferredValue, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Crown, KeyRound, Pencil, Plus, UserCheck, UserX } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CreatedStaffUser, OneTimePassword, StaffUser, UserSort } from '@bantay/shared';
import { Avatar } from '@/components/Avatar.tsx';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { Loading } from '@/components/Loading.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { DeactivateDialog } from './DeactivateDialog.tsx';
import { OneTimePasswordDialog } from './OneTimePasswordDialog.tsx';
import { StaffFormDialog } from './StaffFormDialog.tsx';
import { STAFF_KEY, deactivateStaff, reactivateStaff, resetStaffPassword, useStaffList, type StaffListFilter } from './users-api.ts';
import { SearchField } from '@/components/form/SearchField.tsx';
import { fullName } from '@/lib/full-name.ts';
import { formatZoned } from '@/lib/zoned-time.ts';

const SORTS: { value: UserSort; label: MessageDescriptor }[] = [
  { value: 'name', label: msg`Name A–Z` },
  { value: '-name', label: msg`Name Z–A` },
  { value: '-createdAt', label: msg`Newest` },
  { value: 'createdAt', label: msg`Oldest` },
  { value: '-lastActive', label: msg`Recently active` },
];

type Pending = { kind: 'deactivate' | 'reactivate' | 'reset'; user: StaffUser };
type Shown = { title: string; user: StaffUser; secret: OneTimePassword };

interface StaffDirectoryProps {
  userType: 'tanod' | 'admin';
  /** Opens a tanod's performance and evaluations, where the page offers them. */
  renderDetails?: (user: StaffUser) => React.ReactNode;
}

/** Manage Tanod's table: search, status filter, sort, paging, add, edit and the account actions. */
export function StaffDirectory({ userType, renderDetails }: StaffDirectoryProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StaffListFilter['status']>('active');
  const [sort, setSort] = useState<UserSort>('name');
  const [editing, setEditing] = useState<StaffUser | 'new' | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [expanded, setExpanded] = useState<string | null>(null);
  const q = useDeferredValue(search);
  const list = useStaffList({ role: userType, status, q, sort });
  const users = list.data?.pages.flatMap((page) => page.items) ?? [];
  const isAdmin = userType === 'admin';
  const query = search.trim();
  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });

  const lastActiveText = (user: StaffUser): string => {
    if (user.isOnline) return t`Online`;
    if (!user.lastActive) return t`Never signed in`;
    const date = formatZoned(user.lastActive, 'MMM d, yyyy');
    return t`Last seen ${date}`;
  };

  const onSaved = ({ user, created }: { user: StaffUser; created?: CreatedStaffUser }) => {
    setEditing(null);
    void refresh();
    const name = fullName(user);
    if (created) setShown({ title: t`${name} was added`, user, secret: created });
    else notify.success(t`Changes saved`);
  };

  const runPending = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    const name = fullName(user);
    setPending(null);
    try {
      if (kind === 'deactivate') {
        await deactivateStaff(user._id);
        notify.success(t`${name} was deactivated`);
      } else if (kind === 'reactivate') {
        await reactivateStaff(user._id);
        notify.success(t`${name} can sign in again`);
      } else {
        const secret = await resetStaffPassword(user._id);
        setShown({ title: t`New password for ${name}`, user, secret });
      }
      void refresh();
    } catch (error) {
      notify.error(error instanceof ApiError && !error.isNetwork && error.status < 500 ? error.message : t`Something went wrong. Please try again.`);
    }
  };

  // Deactivation has its own dialog, which lists what the account leaves behind first.
  const pendingName = pending ? fullName(pending.user) : '';
  const confirmText =
    pending && pending.kind !== 'deactivate'
      ? pending.kind === 'reactivate'
        ? t`Reactivate ${pendingName}?`
        : t`Reset the password of ${pendingName}? They are signed out everywhere.`
      : '';

  return (
    <section className="flex flex-col gap-4" aria-label={isAdmin ? t`Admins` : t`Tanods`}>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField className="min-w-0 flex-1 basis-56" label={isAdmin ? t`Search admins` : t`Search tanods`}
          placeholder={t`Search by name, username, email or number`}
          value={search} onChange={setSearch} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Status</Trans>
          <select className="input" value={status} onChange={(event) => setStatus(event.target.value as StaffListFilter['status'])}>
            <option value="active">{t`Active`}</option>
            <option value="deactivated">{t`Deactivated`}</option>
            <option value="all">{t`All`}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          <Trans>Sort</Trans>
          <select className="input" value={sort} onChange={(event) => setSort(event.target.value as UserSort)}>
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {isAdmin ? t`Add admin` : t`Add tanod`}
        </button>
      </div>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <div role="alert" className="card flex flex-wrap items-center gap-3 text-sm">
          <span className="flex-1">{isAdmin ? t`Error loading admins.` : t`Error loading tanods.`}</span>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            <Trans>Retry</Trans>
          </button>
        </div>
      ) : users.length === 0 ? (
        <div className="card text-center text-sm text-muted">
          {query
            ? isAdmin
              ? t`No admins match “${query}”.`
              : t`No tanods match “${query}”.`
            : status === 'deactivated'
              ? isAdmin
                ? t`No deactivated admins.`
                : t`No deactivated tanods.`
              : isAdmin
                ? t`No admins yet. Add the first one.`
                : t`No tanods yet. Add the first one.`}
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface" data-testid="staff-list">
          {users.map((user) => {
            const name = fullName(user);
            return (
            <li key={user._id} className="flex flex-col gap-3 p-4" data-testid="staff-row">
              <div className="flex flex-wrap items-center gap-3">
                <Avatar firstName={user.firstName} lastName={user.lastName} src={user.profilePicture} size={44} />
                <div className="min-w-0 flex-1 basis-48">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
                    <span className="break-words">
                      {fullName(user)}
                    </span>
                    {user.isTeamLeader && (
                      <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-brand-fill px-2 py-0.5 text-xs font-semibold text-white">
                        <Crown className="h-3 w-3" aria-hidden="true" /> <Trans>Team leader</Trans>
                      </span>
                    )}
                    {user.status === 'deactivated' && (
                      <span className="rounded-full bg-danger-fill px-2 py-0.5 text-xs font-semibold text-white">
                        <Trans>Deactivated</Trans>
                      </span>
                    )}
                    {user.mustChangePassword && user.status === 'active' && (
                      <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold text-ink-soft">
                        <Trans>Password not set</Trans>
                      </span>
                    )}
                  </p>
                  <p className="break-words text-sm text-muted">
                    @{user.username} · {user.phoneNumber ?? user.email ?? t`no contact`} · {lastActiveText(user)}
                  </p>
                </div>
                <div className="-my-1 ml-auto flex flex-wrap justify-end gap-1">
                  {renderDetails && (
                    <button
                      type="button"
                      className="btn btn-ghost"
                      aria-expanded={expanded === user._id}
                      onClick={() => setExpanded(expanded === user._id ? null : user._id)}
                    >
                      {expanded === user._id ? t`Hide details` : t`Details`}
                    </button>
                  )}
                  <button type="button" className="icon-btn" aria-label={t`Edit ${name}`} onClick={() => setEditing(user)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={t`Reset the password of ${name}`}
                    onClick={() => setPending({ kind: 'reset', user })}
                  >
                    <KeyRound className="h-4 w-4" aria-hidden="true" />
                  </button>
                  {user.status === 'active' ? (
                    <button
                      type="button"
                      className="icon-btn text-danger"
                      aria-label={t`Deactivate ${name}`}
                      onClick={() => setPending({ kind: 'deactivate', user })}
                    >
                      <UserX className="h-4 w-4" aria-hidden="true" />
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={t`Reactivate ${name}`}
                      onClick={() => setPending({ kind: 'reactivate', user })}
                    >
                      <UserCheck className="h-4 w-4" aria-hidden="true" />
                    </button>
                  )}
                </div>
              </div>
              {renderDetails && expanded === user._id && <div className="border-t border-line pt-3">{renderDetails(user)}</div>}
            </li>
            );
          })}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className="btn btn-secondary self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? t`Loading…` : t`Load more`}
        </button>
      )}

      {editing && <StaffFormDialog user={editing === 'new' ? null : editing} userType={userType} onClose={() => setEditing(null)} onSaved={onSaved} />}
      {pending?.kind === 'deactivate' && <DeactivateDialog user={pending.user} onConfirm={() => void runPending()} onCancel={() => setPending(null)} />}
      <ConfirmDialog
        open={pending !== null && pending.kind !== 'deactivate'}
        message={confirmText}
        confirmLabel={pending?.kind === 'reactivate' ? t`Reactivate` : t`Reset password`}
        onConfirm={() => void runPending()}
        onCancel={() => setPending(null)}
      />
      {shown && (
        <OneTimePasswordDialog
          title={shown.title}
          name={shown.user.firstName}
          username={shown.user.username}
          oneTimePassword={shown.secret.oneTimePassword}
          linkSent={shown.secret.linkSent}
          onClose={() => setShown(null)}
        />
      )}
    </section>
  );
}
