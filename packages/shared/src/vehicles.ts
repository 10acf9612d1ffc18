import { z } from 'zod';
import { RESOURCE_LIMITS, optionalNotes, trimmedName, wholeNumber } from './resource-fields.ts';
import { resourcePersonSchema } from './resources.ts';
import { msg, ph } from '@lingui/core/macro';
import { translatedLabels, zodMessage } from './i18n.ts';

/** Vehicles and their trips (docs/product.md §3, §4.8). */

// --- Vehicles and trips ---------------------------------------------------------------------------

export const VEHICLE_TYPES = ['car', 'pickup', 'van', 'motorcycle', 'tricycle', 'ambulance', 'other'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const VEHICLE_TYPE_LABELS = translatedLabels<VehicleType>({
  car: msg`Car`,
  pickup: msg`Pickup`,
  van: msg`Van`,
  motorcycle: msg`Motorcycle`,
  tricycle: msg`Tricycle`,
  ambulance: msg`Ambulance`,
  other: msg`Other`,
});

/**
 * `in_use` is never set by hand: a vehicle shows `in_use` while an approved trip has started and is
 * not completed yet. Admins set the other three.
 */
export const VEHICLE_STATUSES = ['available', 'in_use', 'maintenance', 'out_of_service'] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];
export const SETTABLE_VEHICLE_STATUSES = ['available', 'maintenance', 'out_of_service'] as const;

export const vehicleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(VEHICLE_TYPES),
  plate: z.string(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  colour: z.string().nullable(),
  /** Kilometres. */
  odometer: z.number().int(),
  status: z.enum(VEHICLE_STATUSES),
  /** The tanods allowed to request trips with it. */
  drivers: z.array(resourcePersonSchema),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;
export const vehicleListSchema = z.array(vehicleSchema);

const plateSchema = z
  .string(zodMessage(msg`Plate number is required`))
  .trim()
  .min(2, zodMessage(msg`Plate number is required`))
  .max(RESOURCE_LIMITS.plateMaxLength, zodMessage(msg`Plate number must be at most ${ph({ max: RESOURCE_LIMITS.plateMaxLength })} characters`))
  .transform((value) => value.toUpperCase().replace(/\s+/g, ' '));

const vehicleFields = {
  name: trimmedName(msg`Name`),
  type: z.enum(VEHICLE_TYPES, zodMessage(msg`Choose a vehicle type`)),
  /** Unique, compared without case: 409 CONFLICT otherwise. */
  plate: plateSchema,
  model: optionalNotes(msg`Model`, RESOURCE_LIMITS.nameMaxLength),
  year: wholeNumber(msg`Year`, 1950, 2100)
    .nullish()
    .transform((value) => value ?? null),
  colour: optionalNotes(msg`Colour`, 40),
  odometer: wholeNumber(msg`Odometer`, 0, RESOURCE_LIMITS.odometerMax),
  status: z.enum(SETTABLE_VEHICLE_STATUSES, zodMessage(msg`Choose available, maintenance or out of service`)),
  /** Tanod ids; anyone else answers 400 naming the field. */
  driverIds: z.array(z.uuid(zodMessage(msg`Unknown driver`))).max(50),
};

/** `POST /api/vehicles` (admin). */
export const createVehicleRequestSchema = z.object({
  ...vehicleFields,
  odometer: vehicleFields.odometer.default(0),
  status: vehicleFields.status.default('available'),
  driverIds: vehicleFields.driverIds.default([]),
});
export type CreateVehicleRequest = z.input<typeof createVehicleRequestSchema>;

/**
 * `PATCH /api/vehicles/{id}` (admin): any of the fields. The odometer cannot go below its current
 * reading (409 CONFLICT naming it).
 */
export const updateVehicleRequestSchema = z
  .object(vehicleFields)
  .partial()
  .refine((value) => Object.keys(value).length > 0, zodMessage(msg`Nothing to change`));
export type UpdateVehicleRequest = z.input<typeof updateVehicleRequestSchema>;

export const TRIP_STATUSES = ['pending', 'approved', 'rejected', 'completed', 'cancelled'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** The vehicle's condition after a trip; the last two set the vehicle to `maintenance`. */
export const VEHICLE_CONDITIONS = ['good', 'needs_cleaning', 'needs_repair', 'damaged'] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];
export const CONDITIONS_NEEDING_REPAIR: readonly VehicleCondition[] = ['needs_repair', 'damaged'];
export const VEHICLE_CONDITION_LABELS = translatedLabels<VehicleCondition>({
  good: msg`Good`,
  needs_cleaning: msg`Needs cleaning`,
  needs_repair: msg`Needs repair`,
  damaged: msg`Damaged`,
});

/**
 * A trip's destination picked on the map. Trips often leave the barangay (a patient to the
 * hospital, papers to the city hall), so unlike a report the point need not be inside the boundary.
 */
export const tripDestinationPointSchema = z.object({
  lat: z
    .number(zodMessage(msg`Latitude must be a number`))
    .min(-90, zodMessage(msg`Latitude must be between -90 and 90`))
    .max(90, zodMessage(msg`Latitude must be between -90 and 90`)),
  lng: z
    .number(zodMessage(msg`Longitude must be a number`))
    .min(-180, zodMessage(msg`Longitude must be between -180 and 180`))
    .max(180, zodMessage(msg`Longitude must be between -180 and 180`)),
});
export type TripDestinationPoint = z.infer<typeof tripDestinationPointSchema>;

export const tripSchema = z.object({
  _id: z.string(),
  vehicle: z.object({ _id: z.string(), name: z.string(), plate: z.string() }),
  /** The driver who requested it. */
  driver: resourcePersonSchema,
  purpose: z.string(),
  destination: z.string(),
  /** The destination on the map, when the driver picked it. */
  destinationPoint: tripDestinationPointSchema.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  startOdometer: z.number().int(),
  endOdometer: z.number().int().nullable(),
  /** Kilometres driven (end − start) once completed. */
  distance: z.number().int().nullable(),
  status: z.enum(TRIP_STATUSES),
  decidedBy: resourcePersonSchema.nullable(),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  endedAt: z.string().nullable(),
  condition: z.enum(VEHICLE_CONDITIONS).nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;
export const tripListSchema = z.array(tripSchema);

/**
 * `GET /api/trips` (staff). A tanod sees only their own trips. Without `status`, pending trips come
 * first (soonest first), then the rest (latest start first).
 */
export const tripListQuerySchema = z.object({
  vehicleId: z.uuid(zodMessage(msg`Unknown vehicle`)).optional(),
  driverId: z.uuid(zodMessage(msg`Unknown driver`)).optional(),
  status: z.enum(TRIP_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/**
 * `POST /api/trips` (an assigned driver; others 403). `startOdometer` must be at least the
 * vehicle's odometer (409 CONFLICT naming it); a vehicle in maintenance or out of service: 409
 * CONFLICT; an overlapping approved trip of the vehicle: 409 vehicle_booked naming it.
 */
export const createTripRequestSchema = z
  .object({
    vehicleId: z.uuid(zodMessage(msg`Choose a vehicle`)),
    purpose: z
      .string(zodMessage(msg`Purpose is required`))
      .trim()
      .min(1, zodMessage(msg`Purpose is required`))
      .max(RESOURCE_LIMITS.purposeMaxLength, zodMessage(msg`Purpose must be at most ${ph({ max: RESOURCE_LIMITS.purposeMaxLength })} characters`)),
    destination: z
      .string(zodMessage(msg`Destination is required`))
      .trim()
      .min(1, zodMessage(msg`Destination is required`))
      .max(
        RESOURCE_LIMITS.destinationMaxLength,
        zodMessage(msg`Destination must be at most ${ph({ max: RESOURCE_LIMITS.destinationMaxLength })} characters`),
      ),
    /** Optional: where the destination is on the map. */
    destinationPoint: tripDestinationPointSchema.nullable().optional(),
    startsAt: z.iso.datetime({ offset: true, ...zodMessage(msg`Enter when the trip starts`) }),
    endsAt: z.iso.datetime({ offset: true, ...zodMessage(msg`Enter when the trip ends`) }),
    startOdometer: wholeNumber(msg`Start odometer`, 0, RESOURCE_LIMITS.odometerMax),
  })
  .refine((value) => Date.parse(value.endsAt) > Date.parse(value.startsAt), {
    path: ['endsAt'],
    ...zodMessage(msg`The trip must end after it starts`),
  });
export type CreateTripRequest = z.input<typeof createTripRequestSchema>;

// `POST /api/trips/{id}/approve` (admin, empty body): pending only; 409 vehicle_booked when another
// approved trip overlaps. `POST /api/trips/{id}/cancel` (the driver or an admin, empty body):
// pending or approved trips that are not completed.

/** `POST /api/trips/{id}/reject` (admin): pending only. */
export const rejectTripRequestSchema = z.object({
  reason: z
    .string(zodMessage(msg`Give a reason`))
    .trim()
    .min(1, zodMessage(msg`Give a reason`))
    .max(RESOURCE_LIMITS.reasonMaxLength, zodMessage(msg`Reason must be at most ${ph({ max: RESOURCE_LIMITS.reasonMaxLength })} characters`)),
});
export type RejectTripRequest = z.input<typeof rejectTripRequestSchema>;

/**
 * `POST /api/trips/{id}/complete` (the driver or an admin): approved trips only. `endOdometer`
 * must be greater than the start (400 naming the field); the vehicle's odometer and status follow.
 */
export const completeTripRequestSchema = z.object({
  endOdometer: wholeNumber(msg`End odometer`, 0, RESOURCE_LIMITS.odometerMax),
  condition: z.enum(VEHICLE_CONDITIONS, zodMessage(msg`Choose the condition of the vehicle`)),
  notes: optionalNotes(msg`Notes`),
});
export type CompleteTripRequest = z.input<typeof completeTripRequestSchema>;
