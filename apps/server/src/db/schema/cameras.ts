import { doublePrecision, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { barangayColumn } from './barangays.ts';

/** docs/product.md §3: a CCTV camera in the barangay, and whom to ask for its footage. */
export const cameras = pgTable('cameras', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description'),
  lat: doublePrecision('lat').notNull(),
  lng: doublePrecision('lng').notNull(),
  viewingUrl: text('viewing_url'),
  ownerContact: text('owner_contact'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CameraRow = typeof cameras.$inferSelect;
