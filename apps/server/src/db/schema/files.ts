import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { barangayColumn } from './barangays.ts';

/** Raw bytes: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded files (incident photos, avatars, the logo, resource photos) when the server runs on
 * PostgreSQL without S3: every instance reads the same rows, so a photo uploaded through one is
 * served by all (modules/files/file-store.ts, decision 023). On the embedded database the files
 * stay under DATA_DIR and this table stays empty.
 */
export const storedFiles = pgTable('stored_files', {
  /** The barangay the row belongs to (decision 035): its PSGC code. */
  barangayId: barangayColumn(),
  /** `avatars/<random>.webp`, `incidents/<uuid>.webp`, `resources/<uuid>.webp`: also the path under DATA_DIR/uploads. */
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type StoredFileRow = typeof storedFiles.$inferSelect;
