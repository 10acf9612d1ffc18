import { z } from 'zod';

/**
 * Resources (issue 12; product §3, §4.8): the equipment inventory and its loans, the vehicles and
 * their trips, and the audit report. Every call is under `/api`, needs a bearer token and is for
 * staff only (residents get 403). Admin writes are recorded in the audit log.
 *
 * Stock cannot drift: an item's `available` is `total − open loans`, computed by the database on
 * every read and never stored. Live updates: `loan:updated` (thin, `{ _id, updatedAt }`) reaches the
 * admins and the borrower after every borrow and return; refetch loans and the inventory on it.
 */

export const RESOURCE_LIMITS = {
  nameMaxLength: 80,
  notesMaxLength: 500,
  /** An item's total quantity. */
  totalMax: 10_000,
  /** Units in one loan. */
  loanQuantityMax: 100,
  /** Without a shift to end, a loan is due this long after it starts (product §4.8). */
  defaultLoanHours: 24,
  /** A chosen due time may be at most this far ahead. */
  loanMaxDays: 90,
  plateMaxLength: 16,
  purposeMaxLength: 200,
  destinationMaxLength: 200,
  reasonMaxLength: 500,
  odometerMax: 9_999_999,
  /** One photo per item or vehicle, checked by content and re-encoded like incident photos. */
  photoMaxBytes: 5 * 1024 * 1024,
  photoTypes: ['image/jpeg', 'image/png', 'image/webp'],
  /** The longest period of one audit report. */
  reportMaxDays: 366,
} as const;

// --- Inventory ------------------------------------------------------------------------------------

export const INVENTORY_CATEGORIES = [
  'communication',
  'lighting',
  'protection',
  'rain_gear',
  'first_aid',
  'tools',
  'other',
] as const;
export type InventoryCategory = (typeof INVENTORY_CATEGORIES)[number];

/** English labels for the category filter and table. */
export const INVENTORY_CATEGORY_LABELS: Record<InventoryCategory, string> = {
  communication: 'Communication',
  lighting: 'Lighting',
  protection: 'Protection',
  rain_gear: 'Rain gear',
  first_aid: 'First aid',
  tools: 'Tools',
  other: 'Other',
};

const trimmedName = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(RESOURCE_LIMITS.nameMaxLength, `${label} must be at most ${RESOURCE_LIMITS.nameMaxLength} characters`);

/** Optional free text: blank becomes null. */
const optionalNotes = (label: string, max: number = RESOURCE_LIMITS.notesMaxLength) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')}`);

/**
 * An item as staff see it. `available = total − onLoan` (never below 0 for active items),
 * `isLowStock` when `available ≤ lowStockThreshold` on an active item. Damaged and lost returns are
 * counted on the item; a lost return also lowers `total` (the barangay no longer has those units).
 */
export const inventoryItemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: z.enum(INVENTORY_CATEGORIES),
  total: z.number().int(),
  onLoan: z.number().int(),
  available: z.number().int(),
  lowStockThreshold: z.number().int(),
  isLowStock: z.boolean(),
  /** URL of the photo (public, random name), or null. */
  image: z.string().nullable(),
  notes: z.string().nullable(),
  /** False once retired: kept for history, no longer lent. */
  active: z.boolean(),
  /** Units returned damaged / lost, over the item's history. */
  damagedReturns: z.number().int(),
  lostReturns: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryItem = z.infer<typeof inventoryItemSchema>;
export const inventoryListSchema = z.array(inventoryItemSchema);

/** `GET /api/inventory` (staff). Sorted by name. */
export const inventoryListQuerySchema = z.object({
  /** Case-insensitive match on the name. */
  search: z.string().trim().max(RESOURCE_LIMITS.nameMaxLength).optional(),
  category: z.enum(INVENTORY_CATEGORIES).optional(),
  /** Retired items are left out unless `true` (admins only; tanods never see them). */
  includeRetired: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});
export type InventoryListQuery = z.input<typeof inventoryListQuerySchema>;

/** `POST /api/inventory` (admin). Names are unique (case-insensitive): 409 otherwise. */
export const createInventoryItemRequestSchema = z.object({
  name: trimmedName('Name'),
  category: z.enum(INVENTORY_CATEGORIES, { error: 'Choose a category' }),
  total: wholeNumber('Total', 0, RESOURCE_LIMITS.totalMax),
  lowStockThreshold: wholeNumber('Low-stock level', 0, RESOURCE_LIMITS.totalMax).default(1),
  notes: optionalNotes('Notes'),
});
export type CreateInventoryItemRequest = z.input<typeof createInventoryItemRequestSchema>;

/**
 * `PATCH /api/inventory/{id}` (admin): any of the fields. Lowering `total` below what is on loan
 * answers 409 CONFLICT naming both numbers.
 */
export const updateInventoryItemRequestSchema = z
  .object({
    name: trimmedName('Name'),
    category: z.enum(INVENTORY_CATEGORIES, { error: 'Choose a category' }),
    total: wholeNumber('Total', 0, RESOURCE_LIMITS.totalMax),
    lowStockThreshold: wholeNumber('Low-stock level', 0, RESOURCE_LIMITS.totalMax),
    notes: optionalNotes('Notes'),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });
export type UpdateInventoryItemRequest = z.input<typeof updateInventoryItemRequestSchema>;

// `POST /api/inventory/{id}/retire` (admin, empty body): refused with 409 while units are on loan.
// `POST /api/inventory/{id}/photo` and `POST /api/vehicles/{id}/photo` (admin): multipart with one
// file in the field `photo` (JPEG, PNG or WebP, 5 MB); answer with the updated item / vehicle.

// --- Loans ----------------------------------------------------------------------------------------

/** Derived from the clock: `overdue` is an open loan past its due time. */
export const LOAN_STATUSES = ['open', 'overdue', 'returned'] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const RETURN_CONDITIONS = ['good', 'damaged', 'lost'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** A person on a loan or trip. */
export const resourcePersonSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
});
export type ResourcePerson = z.infer<typeof resourcePersonSchema>;

export const loanSchema = z.object({
  _id: z.string(),
  item: z.object({
    _id: z.string(),
    name: z.string(),
    category: z.enum(INVENTORY_CATEGORIES),
    image: z.string().nullable(),
  }),
  borrower: resourcePersonSchema,
  quantity: z.number().int(),
  status: z.enum(LOAN_STATUSES),
  borrowedAt: z.string(),
  dueAt: z.string(),
  returnedAt: z.string().nullable(),
  returnCondition: z.enum(RETURN_CONDITIONS).nullable(),
  /** Notes given at borrowing. */
  notes: z.string().nullable(),
  /** Notes given at the return (what was damaged, where it was lost). */
  returnNotes: z.string().nullable(),
  /** The admin who issued it on the tanod's behalf, or null when the tanod borrowed it. */
  issuedBy: resourcePersonSchema.nullable(),
  /** The admin who received it back on the tanod's behalf, or null. */
  receivedBy: resourcePersonSchema.nullable(),
  updatedAt: z.string(),
});
export type Loan = z.infer<typeof loanSchema>;
export const loanListSchema = z.array(loanSchema);

/**
 * `GET /api/loans` (staff). A tanod sees only their own loans (a `borrowerId` of someone else
 * answers 403). Without `status`, overdue loans come first, then open ones (soonest due first), then
 * returned ones (latest first). At most `limit` loans.
 */
export const loanListQuerySchema = z.object({
  status: z.enum(LOAN_STATUSES).optional(),
  borrowerId: z.uuid('Unknown borrower').optional(),
  itemId: z.uuid('Unknown item').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type LoanListQuery = z.input<typeof loanListQuerySchema>;

/**
 * `POST /api/loans` (staff). A tanod borrows for themself (no `borrowerId`, or their own); an
 * admin issues to a tanod with `borrowerId` (required for admins). Without `dueAt` the due time is
 * the end of the borrower's current or next shift that day, else 24 hours (see
 * `GET /api/loans/default-due`). Not enough units available: 409 insufficient_stock; a retired
 * item: 409 CONFLICT.
 */
export const createLoanRequestSchema = z.object({
  itemId: z.uuid('Choose an item'),
  quantity: wholeNumber('Quantity', 1, RESOURCE_LIMITS.loanQuantityMax).default(1),
  /** ISO 8601 with offset; must be in the future and within 90 days. */
  dueAt: z.iso.datetime({ offset: true, error: 'Enter a valid due time' }).optional(),
  borrowerId: z.uuid('Choose a tanod').optional(),
  notes: optionalNotes('Notes'),
});
export type CreateLoanRequest = z.input<typeof createLoanRequestSchema>;

/** `POST /api/loans/{id}/return` (the borrower or an admin). Returning twice: 409 CONFLICT. */
export const returnLoanRequestSchema = z.object({
  condition: z.enum(RETURN_CONDITIONS, { error: 'Choose the condition: good, damaged or lost' }),
  notes: optionalNotes('Notes'),
});
export type ReturnLoanRequest = z.input<typeof returnLoanRequestSchema>;

/** `GET /api/loans/default-due?borrowerId=` (staff): the due time a new loan would get now. */
export const defaultDueQuerySchema = z.object({ borrowerId: z.uuid('Choose a tanod').optional() });
export const defaultDueSchema = z.object({
  dueAt: z.string(),
  /** `shift` when the end of a shift was used, `fallback` for now + 24 hours. */
  basis: z.enum(['shift', 'fallback']),
});
export type DefaultDue = z.infer<typeof defaultDueSchema>;

// --- Vehicles and trips ---------------------------------------------------------------------------

export const VEHICLE_TYPES = ['car', 'pickup', 'van', 'motorcycle', 'tricycle', 'ambulance', 'other'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  car: 'Car',
  pickup: 'Pickup',
  van: 'Van',
  motorcycle: 'Motorcycle',
  tricycle: 'Tricycle',
  ambulance: 'Ambulance',
  other: 'Other',
};

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
  .string({ error: 'Plate number is required' })
  .trim()
  .min(2, 'Plate number is required')
  .max(RESOURCE_LIMITS.plateMaxLength, `Plate number must be at most ${RESOURCE_LIMITS.plateMaxLength} characters`)
  .transform((value) => value.toUpperCase().replace(/\s+/g, ' '));

const vehicleFields = {
  name: trimmedName('Name'),
  type: z.enum(VEHICLE_TYPES, { error: 'Choose a vehicle type' }),
  /** Unique, compared without case: 409 CONFLICT otherwise. */
  plate: plateSchema,
  model: optionalNotes('Model', RESOURCE_LIMITS.nameMaxLength),
  year: wholeNumber('Year', 1950, 2100)
    .nullish()
    .transform((value) => value ?? null),
  colour: optionalNotes('Colour', 40),
  odometer: wholeNumber('Odometer', 0, RESOURCE_LIMITS.odometerMax),
  status: z.enum(SETTABLE_VEHICLE_STATUSES, { error: 'Choose available, maintenance or out of service' }),
  /** Tanod ids; anyone else answers 400 naming the field. */
  driverIds: z.array(z.uuid('Unknown driver')).max(50),
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
  .refine((value) => Object.keys(value).length > 0, { message: 'Nothing to change' });
export type UpdateVehicleRequest = z.input<typeof updateVehicleRequestSchema>;

export const TRIP_STATUSES = ['pending', 'approved', 'rejected', 'completed', 'cancelled'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** The vehicle's condition after a trip; the last two set the vehicle to `maintenance`. */
export const VEHICLE_CONDITIONS = ['good', 'needs_cleaning', 'needs_repair', 'damaged'] as const;
export type VehicleCondition = (typeof VEHICLE_CONDITIONS)[number];
export const CONDITIONS_NEEDING_REPAIR: readonly VehicleCondition[] = ['needs_repair', 'damaged'];
export const VEHICLE_CONDITION_LABELS: Record<VehicleCondition, string> = {
  good: 'Good',
  needs_cleaning: 'Needs cleaning',
  needs_repair: 'Needs repair',
  damaged: 'Damaged',
};

export const tripSchema = z.object({
  _id: z.string(),
  vehicle: z.object({ _id: z.string(), name: z.string(), plate: z.string() }),
  /** The driver who requested it. */
  driver: resourcePersonSchema,
  purpose: z.string(),
  destination: z.string(),
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
  vehicleId: z.uuid('Unknown vehicle').optional(),
  driverId: z.uuid('Unknown driver').optional(),
  status: z.enum(TRIP_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export type TripListQuery = z.input<typeof tripListQuerySchema>;

/**
 * `POST /api/trips` (an assigned driver; others 403). `startOdometer` must be at least the
 * vehicle's odometer (409 CONFLICT naming it); a vehicle in maintenance or out of service: 409
 * CONFLICT; an overlapping approved trip of the vehicle: 409 vehicle_booked naming it.
 */
export const createTripRequestSchema = z
  .object({
    vehicleId: z.uuid('Choose a vehicle'),
    purpose: z
      .string({ error: 'Purpose is required' })
      .trim()
      .min(1, 'Purpose is required')
      .max(RESOURCE_LIMITS.purposeMaxLength, `Purpose must be at most ${RESOURCE_LIMITS.purposeMaxLength} characters`),
    destination: z
      .string({ error: 'Destination is required' })
      .trim()
      .min(1, 'Destination is required')
      .max(
        RESOURCE_LIMITS.destinationMaxLength,
        `Destination must be at most ${RESOURCE_LIMITS.destinationMaxLength} characters`,
      ),
    startsAt: z.iso.datetime({ offset: true, error: 'Enter when the trip starts' }),
    endsAt: z.iso.datetime({ offset: true, error: 'Enter when the trip ends' }),
    startOdometer: wholeNumber('Start odometer', 0, RESOURCE_LIMITS.odometerMax),
  })
  .refine((value) => Date.parse(value.endsAt) > Date.parse(value.startsAt), {
    path: ['endsAt'],
    message: 'The trip must end after it starts',
  });
export type CreateTripRequest = z.input<typeof createTripRequestSchema>;

// `POST /api/trips/{id}/approve` (admin, empty body): pending only; 409 vehicle_booked when another
// approved trip overlaps. `POST /api/trips/{id}/cancel` (the driver or an admin, empty body):
// pending or approved trips that are not completed.

/** `POST /api/trips/{id}/reject` (admin): pending only. */
export const rejectTripRequestSchema = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(RESOURCE_LIMITS.reasonMaxLength, `Reason must be at most ${RESOURCE_LIMITS.reasonMaxLength} characters`),
});
export type RejectTripRequest = z.input<typeof rejectTripRequestSchema>;

/**
 * `POST /api/trips/{id}/complete` (the driver or an admin): approved trips only. `endOdometer`
 * must be greater than the start (400 naming the field); the vehicle's odometer and status follow.
 */
export const completeTripRequestSchema = z.object({
  endOdometer: wholeNumber('End odometer', 0, RESOURCE_LIMITS.odometerMax),
  condition: z.enum(VEHICLE_CONDITIONS, { error: 'Choose the condition of the vehicle' }),
  notes: optionalNotes('Notes'),
});
export type CompleteTripRequest = z.input<typeof completeTripRequestSchema>;

// --- Audit report -----------------------------------------------------------------------------------

export const REPORT_FORMATS = ['pdf', 'csv'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * `GET /api/resources/report?from=&to=&format=` (admin): a file download (`Content-Disposition:
 * attachment`). `from` and `to` are calendar days (`YYYY-MM-DD`, both included) in the barangay's
 * time zone; at most 366 days. CSV is UTF-8 with a byte-order mark, every field quoted.
 */
export const resourceReportQuerySchema = z
  .object({
    from: z.iso.date('Enter the first day as YYYY-MM-DD'),
    to: z.iso.date('Enter the last day as YYYY-MM-DD'),
    format: z.enum(REPORT_FORMATS, { error: 'Choose pdf or csv' }).default('pdf'),
  })
  .refine((value) => value.to >= value.from, { path: ['to'], message: 'The last day must not be before the first' });
export type ResourceReportQuery = z.input<typeof resourceReportQuerySchema>;

/** Path ids; an id that is not one of ours answers 404, exactly as an unknown one. */
export const resourceIdParamsSchema = z.object({ id: z.string().max(100) });
