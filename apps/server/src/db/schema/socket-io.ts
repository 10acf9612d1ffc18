import { bigserial, customType, pgTable, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Owned by `@socket.io/postgres-adapter` (its default table name and shape): cluster messages over
 * PostgreSQL's 8000-byte NOTIFY limit travel through it. Declared here so the migrations create
 * it; the adapter deletes its own old rows.
 */
export const socketIoAttachments = pgTable('socket_io_attachments', {
  id: bigserial('id', { mode: 'bigint' }).unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).defaultNow(),
  payload: bytea('payload'),
});
