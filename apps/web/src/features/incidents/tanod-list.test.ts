import { describe, expect, it } from 'vitest';
import { incidentListQuerySchema } from '@bantay/shared';
import { listSearch } from './incidents-api.ts';
import { EMPTY_TANOD_FILTERS, hasFilters, listViewOf, tanodListQuery } from './tanod-list.ts';

const here = { lat: 14.736, lng: 121.05 };

/** The query string the list call sends, read back by the server's own schema. */
const asServerReads = (filters: ReturnType<typeof tanodListQuery>) =>
  incidentListQuerySchema.parse(Object.fromEntries(new URLSearchParams(listSearch(filters).slice(1))));

describe("the tanod's incident lists", () => {
  it('reads the view from ?list=, the queue by default', () => {
    expect(listViewOf(null)).toBe('queue');
    expect(listViewOf('history')).toBe('history');
    expect(listViewOf('all')).toBe('all');
    expect(listViewOf('everything')).toBe('queue');
  });

  it('all incidents: newest first, distances from me, and only the filters chosen', () => {
    expect(asServerReads(tanodListQuery('all', EMPTY_TANOD_FILTERS, null))).toMatchObject({ sort: 'newest', limit: 20 });
    const query = asServerReads(tanodListQuery('all', { ...EMPTY_TANOD_FILTERS, status: 'resolved', classification: 'emergency', type: 'Fire', within: '1000' }, here));
    expect(query).toMatchObject({ status: ['resolved'], classification: 'emergency', type: 'Fire', near: here, radius: 1000 });
    expect(query.responder).toBeUndefined();
  });

  it('my history asks for what I responded to, with the rating filter', () => {
    const query = asServerReads(tanodListQuery('history', { ...EMPTY_TANOD_FILTERS, rating: 'none' }, here));
    expect(query).toMatchObject({ responder: 'me', rating: ['none'], near: here });
    expect(query.radius).toBeUndefined();
  });

  it('leaves out what cannot apply: a distance without a position, a status the view does not offer', () => {
    const query = tanodListQuery('history', { ...EMPTY_TANOD_FILTERS, within: '500', status: 'pending' }, null);
    expect(query.near).toBeUndefined();
    expect(query.radius).toBeUndefined();
    expect(query.status).toBeUndefined();
    // The rating filter belongs to the history only.
    expect(tanodListQuery('all', { ...EMPTY_TANOD_FILTERS, rating: '5' }, null).rating).toBeUndefined();
    expect(hasFilters(EMPTY_TANOD_FILTERS)).toBe(false);
    expect(hasFilters({ ...EMPTY_TANOD_FILTERS, type: 'Theft' })).toBe(true);
  });
});
