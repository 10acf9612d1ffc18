import { sql } from 'drizzle-orm';
import { check, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Polygon } from '@bantay/shared';

/**
 * The barangays this installation serves (decision 035, city mode): one row in single-barangay
 * mode, made by migration 0037 from the settings. Keyed by the PSA's PSGC code, which every tenant
 * table carries as `barangay_id`; a recode is one update, cascaded.
 */
export const barangays = pgTable(
  'barangays',
  {
    psgc: text('psgc').primaryKey(),
    name: text('name').notNull(),
    /** The address its public site and staff app answer on (lower case, no port); null in single mode. */
    host: text('host'),
    boundary: jsonb('boundary').$type<Polygon>(),
    status: text('status', { enum: ['active', 'suspended'] }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('barangays_psgc_format', sql`${t.psgc} ~ '^[0-9]{10}$'`), uniqueIndex('barangays_host_key').on(t.host)],
);

export type BarangayRow = typeof barangays.$inferSelect;

/**
 * Every tenant table's `barangay_id`. Its default, the SQL function `app_current_barangay()`
 * (migration 0037), is the request's barangay (`app.barangay_id`, set per transaction in city mode)
 * or, with none set and one barangay, that one: so every insert written before city mode keeps
 * working unchanged, and in a city an insert with no barangay fails on `not null`.
 */
export const barangayColumn = () =>
  text('barangay_id')
    .notNull()
    .default(sql`app_current_barangay()`)
    .references(() => barangays.psgc, { onUpdate: 'cascade' });
