import { z } from 'zod';
import { botCheckPayloadSchema } from './account.ts';
import { EVALUATION_LIMITS } from './limits.ts';
import { deviceIdSchema } from './incidents.ts';
import { msg, ph } from '@lingui/core/macro';
import { zodMessage } from './i18n.ts';

/** Tanod evaluations (docs/product.md §4.9): the public directory, directory ratings, ticket ratings. */

const ratingSchema = z
  .number(zodMessage(msg`Choose 1 to 5 stars`))
  .int(zodMessage(msg`Choose 1 to 5 stars`))
  .min(1, zodMessage(msg`Choose 1 to 5 stars`))
  .max(5, zodMessage(msg`Choose 1 to 5 stars`));

const commentSchema = z
  .string(zodMessage(msg`Write a comment`))
  .trim()
  .min(1, zodMessage(msg`Write a comment`))
  .max(EVALUATION_LIMITS.commentMaxLength, zodMessage(msg`The comment must be at most ${ph({ max: EVALUATION_LIMITS.commentMaxLength })} characters`));

/** `GET /api/public/tanods?search=`. */
export const tanodDirectoryQuerySchema = z.object({
  /** Matches first or last name (case-insensitive). */
  search: z.string().trim().max(EVALUATION_LIMITS.searchMaxLength).optional(),
});
export type TanodDirectoryQuery = z.infer<typeof tanodDirectoryQuerySchema>;

export const publicCommentSchema = z.object({
  _id: z.string(),
  rating: z.number(),
  comment: z.string(),
  /** The name the rater gave; null shows as "Anonymous". */
  name: z.string().nullable(),
  /** ISO 8601. */
  createdAt: z.string(),
});

export const publicTanodSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profilePicture: z.string().nullable(),
  /** Mean of the ratings not hidden by an admin, one decimal; null when there are none. */
  averageRating: z.number().nullable(),
  /** Number of ratings not hidden. */
  ratingCount: z.number(),
  /** Up to 3 visible comments, newest first. */
  recentComments: z.array(publicCommentSchema),
});
export type PublicTanod = z.infer<typeof publicTanodSchema>;

export const tanodDirectorySchema = z.object({
  /** Active tanods by first and last name. */
  tanods: z.array(publicTanodSchema),
});
export type TanodDirectory = z.infer<typeof tanodDirectorySchema>;

/** `POST /api/public/evaluations`: a directory rating (optional bearer token of a resident). */
export const createEvaluationRequestSchema = z.object({
  /** `_id` of an active tanod from the directory. */
  tanodId: z.uuid(zodMessage(msg`Choose a tanod`)),
  /** 1 to 5 stars. */
  rating: ratingSchema,
  /** Required, up to 500 characters. */
  comment: commentSchema,
  /** The rater's name, shown with the comment; ignored when `anonymous` is true. */
  name: z
    .string()
    .trim()
    .max(EVALUATION_LIMITS.nameMaxLength, zodMessage(msg`The name is too long`))
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** True to show "Anonymous" whatever the name. */
  anonymous: z.boolean().default(false),
  /** The browser's random device id (localStorage `deviceId`). */
  deviceId: deviceIdSchema,
  /** The solved bot-check. */
  botCheck: botCheckPayloadSchema,
});
export type CreateEvaluationRequest = z.input<typeof createEvaluationRequestSchema>;
export type CreateEvaluationInput = z.output<typeof createEvaluationRequestSchema>;

export const evaluationCreatedSchema = z.object({
  /** The new evaluation's id. */
  _id: z.string(),
});
export type EvaluationCreated = z.infer<typeof evaluationCreatedSchema>;

/** `POST /api/public/tickets/{ticket}/rating`: once, for a resolved ticket with a responder. */
export const ticketRatingRequestSchema = z.object({
  /** 1 to 5 stars for the responding tanod. */
  rating: ratingSchema,
  /** Required, up to 500 characters. */
  comment: commentSchema,
});
export type TicketRatingRequest = z.infer<typeof ticketRatingRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Moderation: an admin reads every rating of a tanod and hides abusive ones.

export const staffEvaluationSchema = z.object({
  _id: z.string(),
  rating: z.number(),
  comment: z.string(),
  source: z.enum(['directory', 'ticket']),
  /** The reviewer's name, or null for an anonymous rating. */
  reviewerName: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
});
export type StaffEvaluation = z.infer<typeof staffEvaluationSchema>;

export const staffEvaluationListSchema = z.object({
  items: z.array(staffEvaluationSchema),
  nextCursor: z.string().nullable(),
  /** Over the visible ratings, like the public directory. */
  average: z.number().nullable(),
  count: z.number(),
  /** How many visible ratings gave 1, 2, 3, 4 and 5 stars. */
  distribution: z.array(z.number()).length(5),
});
export type StaffEvaluationList = z.infer<typeof staffEvaluationListSchema>;

export const staffEvaluationQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const moderateEvaluationSchema = z.object({ hidden: z.boolean(zodMessage(msg`hidden must be true or false`)) });
