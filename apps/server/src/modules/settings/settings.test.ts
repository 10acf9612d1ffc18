import { afterAll, beforeAll, expect, it } from 'vitest';
import { publicSettingsSchema } from '@bantay/shared';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { seedDemoSettings, DEMO_BOUNDARY } from './settings.demo.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

it('public settings need no sign-in and fall back to the brief map start before setup', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/settings/public' });
  expect(response.statusCode).toBe(200);
  const body = publicSettingsSchema.parse(response.json());
  expect(body.mapStart).toEqual({ lat: 14.7356, lng: 121.0498, zoom: 13 });
  expect(body.boundary).toBeNull();
  expect(body.incidentTypes.length).toBeGreaterThan(0);
});

it('public settings show the barangay, hotlines and the boundary as a GeoJSON polygon', async () => {
  await seedDemoSettings(ctx.deps);
  const body = publicSettingsSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json());
  expect(body.name).toBe('Barangay San Isidro');
  expect(body.abbreviation).toBe('BSI');
  expect(body.boundary).toEqual(DEMO_BOUNDARY);
  expect(body.hotlines.length).toBeGreaterThan(0);
});

it('the health check says the server and its database are up (details for the supadmin: modules/health)', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'up' });
});

it('unknown API routes answer 404 in the API error shape', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
  expect(response.statusCode).toBe(404);
  expect(response.json().error.code).toBe('NOT_FOUND');
});

it('responses carry security headers and a content security policy', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.headers['content-security-policy']).toContain("script-src 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
});

it('the OpenAPI document lists the routes', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  expect(Object.keys(response.json().paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/me']));
});
