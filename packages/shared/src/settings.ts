import { z } from 'zod';
import { msg } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/** A GeoJSON Polygon: rings of [lng, lat] positions, each ring closed. */
export const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z
    .array(z.array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])).min(4))
    .min(1),
});
export type Polygon = z.infer<typeof polygonSchema>;

export const incidentTypeSchema = z.object({
  name: z.string().min(1).max(80),
  classification: z.enum(['normal', 'emergency']),
  /**
   * Reports of this type are confidential from the start (violence against women and children):
   * only admins and the responder see them (docs/decisions/027-confidential-cases.md).
   */
  confidential: z.boolean().optional(),
});
export type IncidentType = z.infer<typeof incidentTypeSchema>;

export const hotlineSchema = z.object({
  label: z.string().min(1).max(80),
  number: z.string().min(3).max(32),
});
export type Hotline = z.infer<typeof hotlineSchema>;

export const publicSettingsSchema = z.object({
  name: z.string(),
  abbreviation: z.string(),
  logo: z.string().nullable(),
  mapStart: z.object({ lat: z.number(), lng: z.number(), zoom: z.number() }),
  hotlines: z.array(hotlineSchema),
  incidentTypes: z.array(incidentTypeSchema),
  boundary: polygonSchema.nullable(),
  timezone: z.string(),
  /**
   * The barangay's Philippine Standard Geographic Code (10 digits, e.g. 1380600001), its geocode
   * in the CAP alerts it publishes and how alerts read from CAP feeds are matched to it; null until set.
   */
  psgcCode: z.string().nullable().optional(),
  /** Tile server for Leaflet maps (configuration, so a barangay can use its own). */
  map: z.object({ tileUrl: z.string(), attribution: z.string() }),
  /** The barangay's data protection officer, named on the privacy notice (Data Privacy Act); null until set. */
  dataProtectionOfficer: z.object({ name: z.string(), contact: z.string() }).nullable().optional(),
  /** The officials who sign a certified copy of a blotter entry (docs/decisions/026-the-blotter.md); null until set. */
  officials: z.object({ punongBarangay: z.string().nullable(), barangaySecretary: z.string().nullable() }).optional(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** docs/product.md §A9: the map starts here until a boundary is set. */
export const DEFAULT_MAP_START = { lat: 14.7356, lng: 121.0498, zoom: 13 } as const;

/** `PATCH /api/settings` (supadmin): only the fields sent change. */
export const updateSettingsSchema = z
  .object({
    name: z.string(zodMessage(msg`Name is required`)).trim().min(1, zodMessage(msg`Name is required`)).max(120, zodMessage(msg`Name is too long`)),
    abbreviation: z
      .string(zodMessage(msg`Abbreviation is required`))
      .trim()
      .min(1, zodMessage(msg`Abbreviation is required`))
      .max(8, zodMessage(msg`Abbreviation must be at most 8 characters`)),
    hotlines: z.array(hotlineSchema).max(20, zodMessage(msg`At most 20 hotlines`)),
    incidentTypes: z
      .array(incidentTypeSchema)
      .min(1, zodMessage(msg`Keep at least one incident type`))
      .max(40, zodMessage(msg`At most 40 incident types`))
      .refine((types) => new Set(types.map((t) => t.name.trim().toLowerCase())).size === types.length, zodMessage(msg`Incident type names must be different`)),
    mapStart: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180), zoom: z.number().int().min(1).max(19) }),
    timezone: z.string().trim().min(1).max(64),
    /** Null removes it. The PSA's 10-digit code; the older 9-digit form is accepted as published. */
    psgcCode: z
      .string()
      .trim()
      .regex(/^\d{9,10}$/, zodMessage(msg`A PSGC code is 9 or 10 digits`))
      .nullable(),
    /** Null removes it. */
    dataProtectionOfficer: z
      .object({
        name: z.string(zodMessage(msg`Name is required`)).trim().min(1, zodMessage(msg`Name is required`)).max(120, zodMessage(msg`Name is too long`)),
        contact: z.string().trim().min(1, zodMessage(msg`Give an email address or a phone number`)).max(200, zodMessage(msg`Contact is too long`)),
      })
      .nullable(),
    /** The Punong Barangay and the Barangay Secretary, named on certified copies; null removes a name. */
    punongBarangay: z.string().trim().max(120, zodMessage(msg`Name is too long`)).nullable(),
    barangaySecretary: z.string().trim().max(120, zodMessage(msg`Name is too long`)).nullable(),
  })
  .partial();
export type UpdateSettings = z.input<typeof updateSettingsSchema>;
