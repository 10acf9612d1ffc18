import { z } from 'zod';
import { RESOURCE_LIMITS, optionalNotes, trimmedName, wholeNumber } from './resource-fields.ts';
import { msg } from '@lingui/core/macro';
import { translatedLabels, zodMessage } from './i18n.ts';

export { RESOURCE_LIMITS };

/**
 * Resources (docs/product.md §3, §4.8): the equipment inventory and its loans, the vehicles and
 * their trips, and the audit report. Every call is under `/api`, needs a bearer token and is for
 * staff only (residents get 403). Admin writes are recorded in the audit log.
 *
 * Stock cannot drift: an item's `available` is `total − open loans`, computed by the database on
 * every read and never stored. Live updates: `loan:updated` (thin, `{ _id, updatedAt }`) reaches the
 * admins and the borrower after every borrow and return; refetch loans and the inventory on it.
 */

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

/** The categories' words for the filter and table, in the language in use when read (./i18n.ts). */
export const INVENTORY_CATEGORY_LABELS = translatedLabels<InventoryCategory>({
  communication: msg`Communication`,
  lighting: msg`Lighting`,
  protection: msg`Protection`,
  rain_gear: msg`Rain gear`,
  first_aid: msg`First aid`,
  tools: msg`Tools`,
  other: msg`Other`,
});

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

/** `POST /api/inventory` (admin). Names are unique (case-insensitive): 409 otherwise. */
export const createInventoryItemRequestSchema = z.object({
  name: trimmedName(msg`Name`),
  category: z.enum(INVENTORY_CATEGORIES, zodMessage(msg`Choose a category`)),
  total: wholeNumber(msg`Total`, 0, RESOURCE_LIMITS.totalMax),
  lowStockThreshold: wholeNumber(msg`Low-stock level`, 0, RESOURCE_LIMITS.totalMax).default(1),
  notes: optionalNotes(msg`Notes`),
});
export type CreateInventoryItemRequest = z.input<typeof createInventoryItemRequestSchema>;

/**
 * `PATCH /api/inventory/{id}` (admin): any of the fields. Lowering `total` below what is on loan
 * answers 409 CONFLICT naming both numbers.
 */
export const updateInventoryItemRequestSchema = z
  .object({
    name: trimmedName(msg`Name`),
    category: z.enum(INVENTORY_CATEGORIES, zodMessage(msg`Choose a category`)),
    total: wholeNumber(msg`Total`, 0, RESOURCE_LIMITS.totalMax),
    lowStockThreshold: wholeNumber(msg`Low-stock level`, 0, RESOURCE_LIMITS.totalMax),
    notes: optionalNotes(msg`Notes`),
  })
  .partial()
  .refine((value) => Object.keys(value).length > 0, zodMessage(msg`Nothing to change`));
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
  borrowerId: z.uuid(zodMessage(msg`Unknown borrower`)).optional(),
  itemId: z.uuid(zodMessage(msg`Unknown item`)).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});

/**
 * `POST /api/loans` (staff). A tanod borrows for themself (no `borrowerId`, or their own); an
 * admin issues to a tanod with `borrowerId` (required for admins). Without `dueAt` the due time is
 * the end of the borrower's current or next shift that day, else 24 hours (see
 * `GET /api/loans/default-due`). Not enough units available: 409 insufficient_stock; a retired
 * item: 409 CONFLICT.
 */
export const createLoanRequestSchema = z.object({
  itemId: z.uuid(zodMessage(msg`Choose an item`)),
  quantity: wholeNumber(msg`Quantity`, 1, RESOURCE_LIMITS.loanQuantityMax).default(1),
  /** ISO 8601 with offset; must be in the future and within 90 days. */
  dueAt: z.iso.datetime({ offset: true, ...zodMessage(msg`Enter a valid due time`) }).optional(),
  borrowerId: z.uuid(zodMessage(msg`Choose a tanod`)).optional(),
  notes: optionalNotes(msg`Notes`),
});
export type CreateLoanRequest = z.input<typeof createLoanRequestSchema>;

/** `POST /api/loans/{id}/return` (the borrower or an admin). Returning twice: 409 CONFLICT. */
export const returnLoanRequestSchema = z.object({
  condition: z.enum(RETURN_CONDITIONS, zodMessage(msg`Choose the condition: good, damaged or lost`)),
  notes: optionalNotes(msg`Notes`),
});
export type ReturnLoanRequest = z.input<typeof returnLoanRequestSchema>;

/** `GET /api/loans/default-due?borrowerId=` (staff): the due time a new loan would get now. */
export const defaultDueQuerySchema = z.object({ borrowerId: z.uuid(zodMessage(msg`Choose a tanod`)).optional() });
export const defaultDueSchema = z.object({
  dueAt: z.string(),
  /** `shift` when the end of a shift was used, `fallback` for now + 24 hours. */
  basis: z.enum(['shift', 'fallback']),
});
export type DefaultDue = z.infer<typeof defaultDueSchema>;

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
    from: z.iso.date(zodMessage(msg`Enter the first day as YYYY-MM-DD`)),
    to: z.iso.date(zodMessage(msg`Enter the last day as YYYY-MM-DD`)),
    format: z.enum(REPORT_FORMATS, zodMessage(msg`Choose pdf or csv`)).default('pdf'),
  })
  .refine((value) => value.to >= value.from, { path: ['to'], ...zodMessage(msg`The last day must not be before the first`) });
export type ResourceReportQuery = z.input<typeof resourceReportQuerySchema>;

/** Path ids; an id that is not one of ours answers 404, exactly as an unknown one. */
export const resourceIdParamsSchema = z.object({ id: z.string().max(100) });
