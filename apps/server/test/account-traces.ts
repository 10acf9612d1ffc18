import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { HostResolver } from '../src/adapters/push/push.ts';
import type { UserRow } from '../src/db/schema/index.ts';
import { bearer, createUser, signIn, type TestContext } from './harness.ts';
import { insertTestIncident, query } from './incidents-helpers.ts';

/**
 * What a deleted resident leaves behind (docs/decisions/028-advisories-and-privacy.md), read from the
 * database itself so that a table added later is covered without anyone remembering this file:
 * every column with a foreign key to `users`, and every text or JSON column that could hold their
 * phone or email.
 */

interface AccountColumn {
  /** `table.column`. */
  name: string;
  table: string;
  column: string;
}

/** Every column of the public schema with a foreign key to `users(id)`, from the catalogue. */
export async function accountColumns(ctx: TestContext): Promise<AccountColumn[]> {
  const rows = await query<{ table: string; column: string }>(
    ctx,
    sql`select cls.relname as "table", att.attname as "column"
        from pg_constraint con
        join pg_class cls on cls.oid = con.conrelid
        join pg_namespace ns on ns.oid = cls.relnamespace
        join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any (con.conkey)
        where con.contype = 'f' and con.confrelid = 'public.users'::regclass and ns.nspname = 'public'
        order by 1, 2`,
  );
  return rows.map((row) => ({ ...row, name: `${row.table}.${row.column}` }));
}

/** The account columns that still hold `userId`, with how many rows each. */
export async function columnsReferring(ctx: TestContext, columns: AccountColumn[], userId: string): Promise<Record<string, number>> {
  const found: Record<string, number> = {};
  for (const { name, table, column } of columns) {
    const [row] = await query<{ count: number }>(ctx, sql`select count(*)::int as count from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`);
    if (row!.count > 0) found[name] = row!.count;
  }
  return found;
}

/**
 * Every text, JSON or array column of every table whose value contains one of `needles`
 * (`table.column`), one query a table. Enum, number and time columns cannot hold a phone or email.
 */
export async function columnsContaining(ctx: TestContext, needles: string[]): Promise<string[]> {
  const columns = await query<{ table_name: string; column_name: string }>(
    ctx,
    sql`select c.table_name, c.column_name
        from information_schema.columns c
        join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
          and c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
        order by 1, 2`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns) byTable.set(row.table_name, [...(byTable.get(row.table_name) ?? []), row.column_name]);
  const found: string[] = [];
  for (const [table, names] of byTable) {
    const counts = sql.join(
      names.map((name, index) => {
        const matches = sql.join(needles.map((needle) => sql`${sql.identifier(name)}::text like ${`%${needle}%`}`), sql` or `);
        return sql`count(*) filter (where ${matches})::int as ${sql.identifier(`c${index}`)}`;
      }),
      sql`, `,
    );
    const [row] = await query<Record<string, number>>(ctx, sql`select ${counts} from ${sql.identifier(table)}`);
    names.forEach((name, index) => {
      if (Number(row![`c${index}`]) > 0) found.push(`${table}.${name}`);
    });
  }
  return found;
}

/**
 * The account columns a resident cannot have rows in: each is a staff member's (the routes that
 * write them admit staff only). A new column must be added here or to the resident's rows below;
 * `privacy.test.ts` fails until it is.
 */
export const STAFF_ONLY_COLUMNS: Record<string, string> = {
  'advisories.created_by_id': 'admins write advisories',
  'api_keys.created_by': 'the supadmin makes API keys',
  'assistance_alerts.tanod_id': 'backup alerts go to on-duty tanods',
  'assistance_dispatches.tanod_id': 'tanods are dispatched',
  'assistance_requests.decided_by_id': 'admins decide backup requests',
  'assistance_requests.requester_id': 'tanods ask for backup',
  'blotter_amendments.author_id': 'admins amend the blotter',
  'blotter_copy_requests.decided_by_id': 'admins decide copy requests',
  'blotter_entries.recorded_by_id': 'admins record the blotter',
  'blotter_hearings.created_by_id': 'admins schedule hearings',
  'blotter_hearings.mediator_id': 'a mediator is a staff account',
  'blotter_hearings.outcome_by_id': 'admins record outcomes',
  'calendar_feeds.user_id': "a tanod's calendar feed of their shifts",
  'conversation_participants.user_id': 'chat is among staff',
  'conversations.user_high': 'chat is among staff',
  'conversations.user_low': 'chat is among staff',
  'evaluations.tanod_id': 'ratings are of tanods',
  'incidents.resolved_by_id': 'staff resolve incidents',
  'incidents.responder_id': 'tanods respond',
  'latest_positions.user_id': 'live tracking is of staff',
  'loans.borrower_id': 'staff borrow equipment',
  'loans.issued_by_id': 'staff issue equipment',
  'loans.received_by_id': 'staff receive equipment',
  'location_points.user_id': 'live tracking is of staff',
  'messages.sender_id': 'chat is among staff',
  'notes.user_id': "a staff member's calendar notes",
  'patrols.tanod_id': 'tanods patrol',
  'schedule_members.tanod_id': 'tanods are scheduled',
  'sms_messages.sent_by_id': "an admin's reply from the text line's inbox",
  'sms_numbers.blocked_by_id': 'admins block numbers',
  'sms_threads.closed_by_id': 'admins close inbox threads',
  'tracking_switches.user_id': 'live tracking is of staff',
  'trips.decided_by_id': 'admins decide trips',
  'trips.requester_id': 'staff book vehicles',
  'vehicle_drivers.user_id': 'drivers are staff',
  'webhooks.created_by_id': 'the supadmin adds webhooks',
};

interface ResidentEverywhere {
  user: UserRow;
  token: string;
  phone: string;
  email: string;
  /** `table.column` of every account column this resident now has a row in. */
  columns: string[];
  copyRequestId: string;
  signedOutReportId: string;
}

let serial = 0;

/**
 * A browser subscribed through the API, as the resident's phone does (the test's context resolves
 * every push host to a public address: `pushResolver` below). Returns the endpoint.
 */
export async function subscribeBrowser(ctx: TestContext, token: string): Promise<string> {
  const endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomBytes(16).toString('base64url')}`;
  const keys = { p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'), auth: crypto.randomBytes(16).toString('base64url') };
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...bearer(token), 'user-agent': 'Chrome on Android' },
    payload: { endpoint, expirationTime: null, keys },
  });
  if (response.statusCode !== 201) throw new Error(`push subscription: ${response.body}`);
  return endpoint;
}

/** For `createTestContext({ pushResolver })`: every push service's host is a public address. */
export const publicPushHosts: HostResolver = async () => [{ address: '142.250.70.10', family: 4 }];

/**
 * A resident with a row in every account column a resident can have one in, made through the API
 * where one exists (the blotter copy request) and by insert elsewhere, and their phone and email
 * on the texts, codes and reports that name them without naming the account.
 */
export async function residentEverywhere(ctx: TestContext, options: { pinHash: string; adminToken: string }): Promise<ResidentEverywhere> {
  serial += 1;
  const phone = `+63927${String(process.pid % 1000).padStart(3, '0')}${String(serial).padStart(4, '0')}`;
  const email = `resident-${crypto.randomBytes(4).toString('hex')}@example.test`;
  const user = await createUser(ctx, { userType: 'resident', phoneNumber: phone, email, pinHash: options.pinHash, passwordHash: null, firstName: 'Liza', lastName: 'Ramos', address: '7 Luna St.' });
  const token = await signIn(ctx, user);
  const id = user.id;
  const later = new Date(ctx.deps.clock.now().getTime() + 3_600_000);
  const hash = () => crypto.randomBytes(16).toString('hex');

  const report = await insertTestIncident(ctx, { reporterId: id, reporterName: 'Liza Ramos', reporterPhone: phone });
  const signedOut = await insertTestIncident(ctx, { reporterId: null, reporterName: 'Liza', reporterPhone: phone });
  const tanod = await createUser(ctx, { userType: 'tanod' });
  const rows: [string, ReturnType<typeof sql>][] = [
    ['alert_preferences.user_id', sql`insert into alert_preferences (user_id, muted_kinds) values (${id}, '{chat}')`],
    ['advisory_opt_ins.user_id', sql`insert into advisory_opt_ins (user_id, push, sms) values (${id}, true, true)`],
    ['notifications.user_id', sql`insert into notifications (user_id, message) values (${id}, 'Your report was received')`],
    ['pin_reset_tokens.user_id', sql`insert into pin_reset_tokens (user_id, token_hash, expires_at) values (${id}, ${hash()}, ${later})`],
    ['password_reset_tokens.user_id', sql`insert into password_reset_tokens (user_id, token_hash, expires_at) values (${id}, ${hash()}, ${later})`],
    ['two_factor_codes.user_id', sql`insert into two_factor_codes (user_id, purpose, phone_number, code_hash, sent_at, expires_at) values (${id}, 'login', ${phone}, ${hash()}, now(), ${later})`],
    ['deliveries.user_id', sql`insert into deliveries (channel, user_id, target, payload, kind, status) values ('sms', ${id}, ${phone}, '{"text":"Reset your PIN"}'::jsonb, 'account.pin_reset', 'failed'), ('email', ${id}, ${email}, '{"subject":"PIN","text":"Reset"}'::jsonb, 'account.pin_reset', 'pending')`],
    ['evaluations.resident_id', sql`insert into evaluations (tanod_id, rating, comment, source, resident_id, reviewer_name) values (${tanod.id}, 5, 'Quick', 'directory', ${id}, 'Liza')`],
    ['incident_events.actor_id', sql`insert into incident_events (incident_id, at, actor_id, kind) values (${report.id}, now(), ${id}, 'created')`],
    ['incident_events.subject_user_id', sql`insert into incident_events (incident_id, at, subject_user_id, kind) values (${report.id}, now(), ${id}, 'rated')`],
    ['incident_photos.uploaded_by_id', sql`insert into incident_photos (incident_id, width, height, bytes, uploaded_by_id) values (${report.id}, 10, 10, 100, ${id})`],
    ['audit_entries.actor_id', sql`insert into audit_entries (actor_id, action, entity, entity_id) values (${id}, 'export', 'resident', ${id})`],
  ];
  for (const [, statement] of rows) await query(ctx, statement);
  // The text line: a thread of their texts to the barangay's phone (docs/decisions/032-the-text-line.md).
  await query(ctx, sql`insert into sms_numbers (phone_number) values (${phone})`);
  const [thread] = await query<{ id: string }>(ctx, sql`insert into sms_threads (phone_number, resident_id, opened_at, last_message_at) values (${phone}, ${id}, now(), now()) returning id`);
  await query(ctx, sql`insert into sms_messages (thread_id, phone_number, direction, text, at) values (${thread!.id}, ${phone}, 'in', 'TULONG', now())`);
  await subscribeBrowser(ctx, token);
  // Texts and codes that name the number or the address but no account: a report's receipt, a sign-up code.
  await query(ctx, sql`insert into deliveries (channel, target, payload, kind) values ('sms', ${phone}, '{"text":"Your ticket"}'::jsonb, 'ticket.received'), ('email', ${email}, '{"subject":"x","text":"y"}'::jsonb, 'account.pin_reset')`);
  await query(ctx, sql`insert into phone_verification_codes (phone_number, code_hash, sent_at, expires_at) values (${phone}, ${hash()}, now(), ${later})`);

  // A blotter entry naming the resident's number, and their request for a copy of it.
  const entry = await ctx.app.inject({
    method: 'POST',
    url: '/api/blotter',
    headers: bearer(options.adminToken),
    payload: {
      occurredAt: '2026-05-20T10:00:00+08:00',
      place: 'Purok 2',
      nature: 'Dispute',
      complainants: [{ name: 'Liza Ramos', phone }],
      respondents: [],
      narrative: 'A quarrel over a fence.',
      actionTaken: 'Both were advised.',
      status: 'recorded',
    },
  });
  if (entry.statusCode !== 201) throw new Error(`blotter entry: ${entry.body}`);
  const copy = await ctx.app.inject({ method: 'POST', url: `/api/blotter/${entry.json<{ _id: string }>()._id}/copy-requests`, headers: bearer(token) });
  if (copy.statusCode !== 201) throw new Error(`copy request: ${copy.body}`);

  return {
    user,
    token,
    phone,
    email,
    columns: ['sessions.user_id', 'push_subscriptions.user_id', 'sms_threads.resident_id', 'incidents.reporter_id', 'blotter_copy_requests.requester_id', ...rows.map(([name]) => name)],
    copyRequestId: copy.json<{ _id: string }>()._id,
    signedOutReportId: signedOut.id,
  };
}

/**
 * The columns that may keep a deleted resident's phone: the blotter is the hall's official logbook
 * and keeps its parties as recorded and amended (docs/decisions/026-the-blotter.md); an admin
 * corrects or withdraws a party's phone with `POST /api/blotter/{id}/party-phones`.
 */
export const BLOTTER_KEEPS = ['blotter_entries.complainants', 'blotter_entries.original', 'blotter_entries.party_phones'];
