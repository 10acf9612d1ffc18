import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Hotline, IncidentType, Polygon } from '@bantay/shared';
import { barangayColumn } from './barangays.ts';

/** The barangay's settings: exactly one row, id 1. */
export const barangaySettings = pgTable(
  'barangay_settings',
  {
    /** The barangay the row belongs to (decision 035): its PSGC code. */
    barangayId: barangayColumn(),
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    logo: text('logo'),
    boundary: jsonb('boundary').$type<Polygon>(),
    mapStartLat: doublePrecision('map_start_lat').notNull(),
    mapStartLng: doublePrecision('map_start_lng').notNull(),
    mapStartZoom: integer('map_start_zoom').notNull(),
    hotlines: jsonb('hotlines').$type<Hotline[]>().notNull().default([]),
    incidentTypes: jsonb('incident_types').$type<IncidentType[]>().notNull().default([]),
    /** The barangay's Philippine Standard Geographic Code (10 digits), its geocode in CAP alerts. */
    psgcCode: text('psgc_code'),
    timezone: text('timezone').notNull().default('Asia/Manila'),
    /** The barangay's data protection officer (Data Privacy Act), named on the privacy notice; decision 028. */
    dpoName: text('dpo_name'),
    dpoContact: text('dpo_contact'),
    /** The officials who sign a certified copy of a blotter entry (docs/decisions/026-the-blotter.md). */
    punongBarangay: text('punong_barangay'),
    barangaySecretary: text('barangay_secretary'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('barangay_settings_single_row', sql`${t.id} = 1`)],
);

export type BarangaySettingsRow = typeof barangaySettings.$inferSelect;
