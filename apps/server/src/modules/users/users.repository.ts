import { and, asc, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { UserSort, UserType } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { users, type NewUserRow, type UserRow } from '../../db/schema/index.ts';

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

// The app asks for `/api/auth/me` on every page load: the user and the top bar's notification dot
// in one prepared round trip rather than two queries.
const userWithUnreadQuery = preparedPerDatabase((db) =>
  db
    .select({
      user: users,
      // Spelled out: in a one-table select drizzle leaves column names unqualified, and an
      // unqualified "id" inside the subquery would mean the notification's.
      hasUnreadNotifications: sql<boolean>`exists (select 1 from notifications n where n.user_id = users.id and n.read = false)`,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_user_with_unread_notifications'),
);

export async function findUserWithUnreadFlag(db: Db, id: string): Promise<{ user: UserRow; hasUnreadNotifications: boolean } | undefined> {
  const [row] = await userWithUnreadQuery(db).execute({ id });
  return row ? { user: row.user, hasUnreadNotifications: Boolean(row.hasUnreadNotifications) } : undefined;
}

/** Staff sign in with their username or their email; both are stored lower-case. */
export async function findStaffByLogin(db: Executor, identifier: string): Promise<UserRow | undefined> {
  const value = identifier.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        or(eq(users.username, value), eq(users.email, value)),
        inArray(users.userType, ['tanod', 'admin', 'supadmin']),
      ),
    )
    .limit(1);
  return row;
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username.toLowerCase())).limit(1);
  return row;
}

export async function insertUser(db: Executor, values: NewUserRow): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, username: values.username?.toLowerCase(), email: values.email?.toLowerCase() })
    .returning();
  return row!;
}

export async function updateUser(db: Executor, id: string, values: Partial<NewUserRow>): Promise<void> {
  await db.update(users).set(values).where(eq(users.id, id));
}

export async function listActiveUsersOfTypes(
  db: Executor,
  types: UserType[],
  excludeId: string,
): Promise<UserRow[]> {
  if (types.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(inArray(users.userType, types), eq(users.status, 'active'), ne(users.id, excludeId)))
    .orderBy(asc(users.firstName), asc(users.lastName));
}

/**
 * Sets a user's presence when it differs from what is stored, and stamps lastActive. Returns the
 * new presence when it changed, undefined when it was already so (a second tab, a duplicate).
 */
/**
 * Stores who is online, for many users at once (at most two statements); returns the users whose
 * flag changed, with their new state.
 */
export async function setUsersPresence(
  db: Executor,
  entries: readonly { userId: string; isOnline: boolean }[],
  now: Date,
): Promise<{ userId: string; isOnline: boolean; lastActive: Date | null }[]> {
  const changed: { userId: string; isOnline: boolean; lastActive: Date | null }[] = [];
  for (const isOnline of [true, false]) {
    const ids = entries.filter((entry) => entry.isOnline === isOnline).map((entry) => entry.userId);
    if (ids.length === 0) continue;
    const rows = await db
      .update(users)
      .set({ isOnline, lastActive: now })
      .where(and(inArray(users.id, ids), ne(users.isOnline, isOnline)))
      .returning({ userId: users.id, isOnline: users.isOnline, lastActive: users.lastActive });
    changed.push(...rows);
  }
  return changed;
}

/** After a restart of a single instance nobody is connected yet: clear stale online flags. */
export async function markAllUsersOffline(db: Executor, now: Date): Promise<void> {
  await db.update(users).set({ isOnline: false, lastActive: now }).where(eq(users.isOnline, true));
}

export interface StaffListFilter {
  types: UserType[];
  status?: 'active' | 'deactivated';
  q?: string;
  sort: UserSort;
  after?: { key: string; id: string };
  limit: number;
}

/** The value each sort orders by, as text so one keyset cursor shape serves every sort. */
function sortKey(sort: UserSort): SQL<string> {
  switch (sort.replace('-', '')) {
    case 'createdAt':
      return sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`;
    case 'lastActive':
      return sql<string>`coalesce(to_char(${users.lastActive} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US'), '')`;
    default:
      return sql<string>`lower(${users.lastName} || ' ' || ${users.firstName})`;
  }
}

/** One page of staff accounts, ordered by the sort and then id, after the cursor's row. */
export async function listStaffPage(db: Executor, filter: StaffListFilter): Promise<{ row: UserRow; key: string }[]> {
  const key = sortKey(filter.sort);
  const descending = filter.sort.startsWith('-');
  const conditions: SQL[] = [inArray(users.userType, filter.types)];
  if (filter.status) conditions.push(eq(users.status, filter.status));
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.username, pattern),
        ilike(users.email, pattern),
        ilike(users.phoneNumber, pattern),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
      )!,
    );
  }
  if (filter.after) {
    conditions.push(
      descending
        ? sql`(${key}, ${users.id}) < (${filter.after.key}, ${filter.after.id}::uuid)`
        : sql`(${key}, ${users.id}) > (${filter.after.key}, ${filter.after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({ row: users, key })
    .from(users)
    .where(and(...conditions))
    .orderBy(descending ? desc(key) : asc(key), descending ? desc(users.id) : asc(users.id))
    .limit(filter.limit);
  return rows;
}

/**
 * The active supadmins, locked until the transaction ends: two supadmins deactivating each other
 * at the same moment must not leave the barangay with none.
 */
export async function lockActiveSupadminIds(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'supadmin'), eq(users.status, 'active')))
    .for('update');
  return rows.map((row) => row.id);
}

/** Which of username and email another account already uses. */
export async function findIdentityConflicts(
  db: Executor,
  userId: string,
  values: { username?: string | null; email?: string | null },
): Promise<('username' | 'email')[]> {
  const conditions = [];
  if (values.username) conditions.push(eq(users.username, values.username));
  if (values.email) conditions.push(eq(users.email, values.email));
  if (conditions.length === 0) return [];
  const rows = await db
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(and(ne(users.id, userId), or(...conditions)));
  const taken: ('username' | 'email')[] = [];
  if (values.username && rows.some((row) => row.username === values.username)) taken.push('username');
  if (values.email && rows.some((row) => row.email === values.email)) taken.push('email');
  return taken;
}

/** Every active tanod's id: who is told of a report when nobody is on duty (patrols/on-duty.ts). */
export async function listActiveTanodIds(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.userType, 'tanod'), eq(users.status, 'active')));
  return rows.map((row) => row.id);
}
