import { useDeferredValue, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Crown, KeyRound, Pencil, Plus, UserCheck, UserX } from 'lucide-react';
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

const SORTS: { value: UserSort; label: string }[] = [
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: '-createdAt', label: 'Newest' },
  { value: 'createdAt', label: 'Oldest' },
  { value: '-lastActive', label: 'Recently active' },
];

type Pending = { kind: 'deactivate' | 'reactivate' | 'reset'; user: StaffUser };
type Shown = { title: string; user: StaffUser; secret: OneTimePassword };

function lastActiveText(user: StaffUser): string {
  if (user.isOnline) return 'Online';
  if (!user.lastActive) return 'Never signed in';
  return `Last seen ${new Date(user.lastActive).toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' })}`;
}

interface StaffDirectoryProps {
  userType: 'tanod' | 'admin';
  /** Opens a tanod's performance and evaluations, where the page offers them. */
  renderDetails?: (user: StaffUser) => React.ReactNode;
}

/** Manage Tanod's table: search, status filter, sort, paging, add, edit and the account actions. */
export function StaffDirectory({ userType, renderDetails }: StaffDirectoryProps) {
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
  const noun = userType === 'admin' ? 'admin' : 'tanod';
  const refresh = () => queryClient.invalidateQueries({ queryKey: STAFF_KEY });

  const onSaved = ({ user, created }: { user: StaffUser; created?: CreatedStaffUser }) => {
    setEditing(null);
    void refresh();
    if (created) setShown({ title: `${fullName(user)} was added`, user, secret: created });
    else notify.success('Changes saved');
  };

  const runPending = async () => {
    if (!pending) return;
    const { kind, user } = pending;
    setPending(null);
    try {
      if (kind === 'deactivate') {
        await deactivateStaff(user._id);
        notify.success(`${fullName(user)} was deactivated`);
      } else if (kind === 'reactivate') {
        await reactivateStaff(user._id);
        notify.success(`${fullName(user)} can sign in again`);
      } else {
        const secret = await resetStaffPassword(user._id);
        setShown({ title: `New password for ${fullName(user)}`, user, secret });
      }
      void refresh();
    } catch (error) {
      notify.error(error instanceof ApiError && !error.isNetwork && error.status < 500 ? error.message : 'Something went wrong. Please try again.');
    }
  };

  // Deactivation has its own dialog, which lists what the account leaves behind first.
  const confirmText =
    pending && pending.kind !== 'deactivate'
      ? pending.kind === 'reactivate'
        ? `Reactivate ${fullName(pending.user)}?`
        : `Reset the password of ${fullName(pending.user)}? They are signed out everywhere.`
      : '';

  return (
    <section className="flex flex-col gap-4" aria-label={userType === 'admin' ? 'Admins' : 'Tanods'}>
      <div className="flex flex-wrap items-end gap-3">
        <SearchField className="min-w-0 flex-1 basis-56" label={`Search ${noun}s`} placeholder="Search by name, username, email or number" value={search} onChange={setSearch} />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select className="input" value={status} onChange={(event) => setStatus(event.target.value as StaffListFilter['status'])}>
            <option value="active">Active</option>
            <option value="deactivated">Deactivated</option>
            <option value="all">All</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Sort
          <select className="input" value={sort} onChange={(event) => setSort(event.target.value as UserSort)}>
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add {noun}
        </button>
      </div>

      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <div role="alert" className="card flex flex-wrap items-center gap-3 text-sm">
          <span className="flex-1">Error loading {noun}s.</span>
          <button type="button" className="btn btn-secondary" onClick={() => void list.refetch()}>
            Retry
          </button>
        </div>
      ) : users.length === 0 ? (
        <div className="card text-center text-sm text-muted">
          {search.trim() ? `No ${noun}s match “${search.trim()}”.` : status === 'deactivated' ? `No deactivated ${noun}s.` : `No ${noun}s yet. Add the first one.`}
        </div>
      ) : (
        <ul className="flex flex-col divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface" data-testid="staff-list">
          {users.map((user) => (
            <li key={user._id} className="flex flex-col gap-3 p-4" data-testid="staff-row">
              <div className="flex flex-wrap items-center gap-3">
                <Avatar firstName={user.firstName} lastName={user.lastName} src={user.profilePicture} size={44} />
                <div className="min-w-0 flex-1 basis-48">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
                    <span className="break-words">
                      {user.firstName} {user.lastName}
                    </span>
                    {user.isTeamLeader && (
                      <span className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-brand-fill px-2 py-0.5 text-xs font-semibold text-white">
                        <Crown className="h-3 w-3" aria-hidden="true" /> Team leader
                      </span>
                    )}
                    {user.status === 'deactivated' && (
                      <span className="rounded-full bg-danger-fill px-2 py-0.5 text-xs font-semibold text-white">Deactivated</span>
                    )}
                    {user.mustChangePassword && user.status === 'active' && (
                      <span className="rounded-full border border-line px-2 py-0.5 text-xs font-semibold text-ink-soft">Password not set</span>
                    )}
                  </p>
                  <p className="break-words text-sm text-muted">
                    @{user.username} · {user.phoneNumber ?? user.email ?? 'no contact'} · {lastActiveText(user)}
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
                      {expanded === user._id ? 'Hide details' : 'Details'}
                    </button>
                  )}
                  <button type="button" className="icon-btn" aria-label={`Edit ${fullName(user)}`} onClick={() => setEditing(user)}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="icon-btn"
                    aria-label={`Reset the password of ${fullName(user)}`}
                    onClick={() => setPending({ kind: 'reset', user })}
                  >
                    <KeyRound className="h-4 w-4" aria-hidden="true" />
                  </button>
                  {user.status === 'active' ? (
                    <button
                      type="button"
                      className="icon-btn text-danger"
                      aria-label={`Deactivate ${fullName(user)}`}
                      onClick={() => setPending({ kind: 'deactivate', user })}
                    >
                      <UserX className="h-4 w-4" aria-hidden="true" />
                    </button>
                  ) : (
                    <button
                      type="button"
                      className="icon-btn"
                      aria-label={`Reactivate ${fullName(user)}`}
                      onClick={() => setPending({ kind: 'reactivate', user })}
                    >
                      <UserCheck className="h-4 w-4" aria-hidden="true" />
                    </button>
                  )}
                </div>
              </div>
              {renderDetails && expanded === user._id && <div className="border-t border-line pt-3">{renderDetails(user)}</div>}
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <button type="button" className="btn btn-secondary self-center" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      )}

      {editing && <StaffFormDialog user={editing === 'new' ? null : editing} userType={userType} onClose={() => setEditing(null)} onSaved={onSaved} />}
      {pending?.kind === 'deactivate' && <DeactivateDialog user={pending.user} onConfirm={() => void runPending()} onCancel={() => setPending(null)} />}
      <ConfirmDialog
        open={pending !== null && pending.kind !== 'deactivate'}
        message={confirmText}
        confirmLabel={pending?.kind === 'reactivate' ? 'Reactivate' : 'Reset password'}
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
