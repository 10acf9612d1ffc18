import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  boolean,
  doublePrecision,
} from 'drizzle-orm/pg-core';
import {
  INVENTORY_CATEGORIES,
  RETURN_CONDITIONS,
  SETTABLE_VEHICLE_STATUSES,
  TRIP_STATUSES,
  VEHICLE_CONDITIONS,
  VEHICLE_TYPES,
} from '@bantay/shared';
import { users } from './users.ts';
import { barangayColumn } from './barangays.ts';

export const inventoryCategoryEnum = pgEnum('inventory_category', INVENTORY_CATEGORIES);
export const returnConditionEnum = pgEnum('return_condition', RETURN_CONDITIONS);
export const vehicleTypeEnum = pgEnum('vehicle_type', VEHICLE_TYPES);
/** `in_use` is derived from approved trips, so only the hand-set statuses are stored. */
export const vehicleStatusEnum = pgEnum('vehicle_status', SETTABLE_VEHICLE_STATUSES);
export const tripStatusEnum = pgEnum('trip_status', TRIP_STATUSES);
export const vehicleConditionEnum = pgEnum('vehicle_condition', VEHICLE_CONDITIONS);

/**
 * docs/product.md §3 "Inventory item". There is no `available` column on purpose: available is
 * total − open loans, computed on every read, so it cannot drift.
 */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: inventoryCategoryEnum('category').notNull(),
    total: integer('total').notNull(),
    lowStockThreshold: integer('low_stock_threshold').notNull().default(1),
    image: text('image'),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inventory_items_name_key').on(sql`lower(${t.name})`),
    check('inventory_items_total_check', sql`${t.total} >= 0`),
  ],
);
export type InventoryItemRow = typeof inventoryItems.$inferSelect;

/** docs/product.md §3 "Loan". Open while `returned_at` is null. */
export const loans = pgTable(
  'loans',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => inventoryItems.id),
    borrowerId: uuid('borrower_id')
      .notNull()
      .references(() => users.id),
    quantity: integer('quantity').notNull(),
    borrowedAt: timestamp('borrowed_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnCondition: returnConditionEnum('return_condition'),
    notes: text('notes'),
    returnNotes: text('return_notes'),
    issuedById: uuid('issued_by_id').references(() => users.id),
    receivedById: uuid('received_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "On loan" sums the open loans of an item on every inventory read.
    index('loans_open_item_idx')
      .on(t.itemId)
      .where(sql`${t.returnedAt} is null`),
    // The overdue job reads open loans by due time.
    index('loans_open_due_idx')
      .on(t.dueAt)
      .where(sql`${t.returnedAt} is null`),
    index('loans_borrower_idx').on(t.borrowerId, t.borrowedAt.desc()),
    index('loans_borrowed_at_idx').on(t.borrowedAt),
    check('loans_quantity_check', sql`${t.quantity} > 0`),
  ],
);
export type LoanRow = typeof loans.$inferSelect;

/**
 * One row per overdue loan per day (in the barangay's time zone) once its reminder went out. The
 * primary key makes the daily job idempotent: two instances claiming the same loan on the same day
 * cannot both win.
 */
export const loanOverdueNotices = pgTable(
  'loan_overdue_notices',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.day] })],
);

/** docs/product.md §3 "Vehicle". The plate is stored upper-case, so its unique index ignores case. */
export const vehicles = pgTable(
  'vehicles',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: vehicleTypeEnum('type').notNull(),
    plate: text('plate').notNull(),
    model: text('model'),
    year: integer('year'),
    colour: text('colour'),
    odometer: integer('odometer').notNull().default(0),
    status: vehicleStatusEnum('status').notNull().default('available'),
    image: text('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('vehicles_plate_key').on(t.plate)],
);
export type VehicleRow = typeof vehicles.$inferSelect;

/** The tanods assigned to drive a vehicle. */
export const vehicleDrivers = pgTable(
  'vehicle_drivers',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.userId] }), index('vehicle_drivers_user_idx').on(t.userId)],
);

/** docs/product.md §3 "Vehicle request / trip". */
export const trips = pgTable(
  'trips',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: uuid('id').primaryKey().defaultRandom(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    destination: text('destination').notNull(),
    /** Where the trip goes on the map, when the driver picked it; both or neither. */
    destinationLat: doublePrecision('destination_lat'),
    destinationLng: doublePrecision('destination_lng'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    startOdometer: integer('start_odometer').notNull(),
    endOdometer: integer('end_odometer'),
    status: tripStatusEnum('status').notNull().default('pending'),
    decidedById: uuid('decided_by_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    condition: vehicleConditionEnum('condition'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('trips_vehicle_starts_idx').on(t.vehicleId, t.startsAt),
    index('trips_requester_starts_idx').on(t.requesterId, t.startsAt),
    index('trips_status_starts_idx').on(t.status, t.startsAt),
    check('trips_period_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('trips_odometer_check', sql`${t.endOdometer} is null or ${t.endOdometer} > ${t.startOdometer}`),
    check('trips_destination_point_check', sql`(${t.destinationLat} is null) = (${t.destinationLng} is null)`),
  ],
);
export type TripRow = typeof trips.$inferSelect;
