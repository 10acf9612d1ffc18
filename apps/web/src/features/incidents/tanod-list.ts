import { plural, t } from '@lingui/core/macro';
import type { IncidentClassification, IncidentStatus } from '@bantay/shared';
import type { IncidentFilters } from './incidents-api.ts';

/**
 * The tanod's incident lists beside the patrol map: the queue (pending, by priority), every
 * incident they may see with filters, and their history (what they responded to, with the outcome
 * and the reporter's rating). Plain rules here, so they are tested without a browser.
 */

export type TanodListView = 'queue' | 'all' | 'history';

/**
 * The three lists' tabs. Each label is read when a tab is drawn, so it comes in the language on
 * screen (a getter: the list itself is built once, at import).
 */
export const TANOD_LIST_VIEWS: readonly { key: TanodListView; readonly label: string }[] = [
  {
    key: 'queue',
    get label() {
      return t`Queue`;
    },
  },
  {
    key: 'all',
    get label() {
      return t`All incidents`;
    },
  },
  {
    key: 'history',
    get label() {
      return t`My history`;
    },
  },
];

/** `?list=` of /Patrolmap; anything else is the queue. */
export function listViewOf(value: string | null): TanodListView {
  return value === 'all' || value === 'history' ? value : 'queue';
}

export const RATING_CHOICES = ['5', '4', '3', '2', '1', 'none'] as const;
export type RatingChoice = (typeof RATING_CHOICES)[number];

/** Radii offered by the distance filter, metres. */
export const DISTANCE_CHOICES = [500, 1000, 2000, 5000] as const;

export interface TanodListFilterValues {
  status: IncidentStatus | '';
  classification: IncidentClassification | '';
  type: string;
  /** Metres from the tanod's position, as text from the select; empty for any distance. */
  within: string;
  /** History only: stars given, or `none` for not rated yet. */
  rating: RatingChoice | '';
}

export const EMPTY_TANOD_FILTERS: TanodListFilterValues = { status: '', classification: '', type: '', within: '', rating: '' };

/** Statuses each list offers: a history never holds a pending incident (someone responded to it). */
export const STATUSES_OF: Record<Exclude<TanodListView, 'queue'>, IncidentStatus[]> = {
  all: ['pending', 'in_progress', 'resolved', 'rejected', 'false_alarm'],
  history: ['in_progress', 'resolved', 'rejected', 'false_alarm'],
};

const PAGE_SIZE = 20;

export function hasFilters(values: TanodListFilterValues): boolean {
  return Object.values(values).some((value) => value !== '');
}

/**
 * The list call of a view. Distances come with a position (rounded by useDevicePosition); without
 * one the distance filter is left out rather than failing (the select is disabled then anyway).
 */
export function tanodListQuery(
  view: Exclude<TanodListView, 'queue'>,
  values: TanodListFilterValues,
  position: { lat: number; lng: number } | null,
): IncidentFilters {
  const query: IncidentFilters = { sort: 'newest', limit: PAGE_SIZE };
  if (values.status && STATUSES_OF[view].includes(values.status)) query.status = [values.status];
  if (values.classification) query.classification = values.classification;
  if (values.type) query.type = values.type;
  if (position) {
    query.near = `${position.lat},${position.lng}`;
    if (values.within) query.radius = Number(values.within);
  }
  if (view === 'history') {
    query.responder = 'me';
    if (values.rating) query.rating = [values.rating];
  }
  return query;
}

/** "Rated 4 of 5 stars" for screen readers; the stars themselves are drawn. Called while rendering. */
export function ratingLabel(stars: number): string {
  return t`${plural(stars, { one: 'Rated # of 5 star', other: 'Rated # of 5 stars' })}`;
}
