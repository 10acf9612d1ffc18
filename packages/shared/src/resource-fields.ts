import { z } from 'zod';
import { msg, ph } from '@lingui/core/macro';
import { fieldMessage, type FieldLabel } from './i18n.ts';

/** The resources' limits and field rules, shared by the inventory, loans and vehicles schemas. */

export const RESOURCE_LIMITS = {
  nameMaxLength: 80,
  notesMaxLength: 500,
  /** An item's total quantity. */
  totalMax: 10_000,
  /** Units in one loan. */
  loanQuantityMax: 100,
  /** Without a shift to end, a loan is due this long after it starts (docs/product.md §4.8). */
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

/** A required name; `field` names it in the messages (`msg`-marked, see ./i18n.ts). */
export const trimmedName = (field: FieldLabel) =>
  z
    .string(fieldMessage(field, (label) => msg`${label} is required`))
    .trim()
    .min(1, fieldMessage(field, (label) => msg`${label} is required`))
    .max(
      RESOURCE_LIMITS.nameMaxLength,
      fieldMessage(field, (label) => msg`${label} must be at most ${ph({ max: RESOURCE_LIMITS.nameMaxLength })} characters`),
    );

/** Optional free text: blank becomes null. */
export const optionalNotes = (field: FieldLabel, max: number = RESOURCE_LIMITS.notesMaxLength) =>
  z
    .string()
    .trim()
    .max(max, fieldMessage(field, (label) => msg`${label} must be at most ${max} characters`))
    .nullish()
    .transform((value) => (value ? value : null));

export const wholeNumber = (field: FieldLabel, min: number, max: number) =>
  z
    .number(fieldMessage(field, (label) => msg`${label} must be a number`))
    .int(fieldMessage(field, (label) => msg`${label} must be a whole number`))
    .min(min, fieldMessage(field, (label) => msg`${label} must be at least ${min}`))
    .max(max, fieldMessage(field, (label) => msg`${label} must be at most ${ph({ max: max.toLocaleString('en-US') })}`));
