import type {
  CreateInventoryItemRequest,
  CreateVehicleRequest,
  InventoryItem,
  Loan,
  Trip,
  Vehicle,
} from '@bantay/shared';
import { expect } from 'vitest';
import { bearer, createUser, signIn, type TestContext } from './harness.ts';
import type { UserRow } from '../src/db/schema/index.ts';

/** A signed-in user with the token, for the resources tests. */
export interface SignedIn {
  user: UserRow;
  token: string;
}

export async function signedIn(
  ctx: TestContext,
  userType: 'tanod' | 'admin' | 'supadmin' | 'resident' = 'tanod',
  overrides: Partial<UserRow> = {},
): Promise<SignedIn> {
  const user = await createUser(ctx, { userType, ...overrides });
  return { user, token: await signIn(ctx, user) };
}

let itemCounter = 0;

export async function addItem(
  ctx: TestContext,
  admin: SignedIn,
  overrides: Partial<CreateInventoryItemRequest> = {},
): Promise<InventoryItem> {
  itemCounter += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/inventory',
    headers: bearer(admin.token),
    payload: { name: `Radio ${process.pid}-${itemCounter}`, category: 'communication', total: 5, ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function borrow(ctx: TestContext, who: SignedIn, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/loans', headers: bearer(who.token), payload });
}

export async function borrowOk(ctx: TestContext, who: SignedIn, payload: Record<string, unknown>): Promise<Loan> {
  const response = await borrow(ctx, who, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function returnLoan(
  ctx: TestContext,
  who: SignedIn,
  loanId: string,
  payload: Record<string, unknown> = { condition: 'good' },
) {
  return ctx.app.inject({ method: 'POST', url: `/api/loans/${loanId}/return`, headers: bearer(who.token), payload });
}

export async function itemById(ctx: TestContext, admin: SignedIn, id: string): Promise<InventoryItem> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: '/api/inventory?includeRetired=true',
    headers: bearer(admin.token),
  });
  expect(response.statusCode).toBe(200);
  const item = (response.json() as InventoryItem[]).find((candidate) => candidate._id === id);
  expect(item).toBeDefined();
  return item!;
}

let plateCounter = 0;

export async function addVehicle(
  ctx: TestContext,
  admin: SignedIn,
  overrides: Partial<CreateVehicleRequest> = {},
): Promise<Vehicle> {
  plateCounter += 1;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/vehicles',
    headers: bearer(admin.token),
    payload: {
      name: `Patrol ${plateCounter}`,
      type: 'pickup',
      plate: `T${process.pid % 1000}-${plateCounter}`,
      odometer: 1000,
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function requestTrip(ctx: TestContext, driver: SignedIn, payload: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/trips', headers: bearer(driver.token), payload });
}

export async function requestTripOk(
  ctx: TestContext,
  driver: SignedIn,
  payload: Record<string, unknown>,
): Promise<Trip> {
  const response = await requestTrip(ctx, driver, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export function tripAction(
  ctx: TestContext,
  who: SignedIn,
  tripId: string,
  action: 'approve' | 'reject' | 'cancel' | 'complete',
  payload?: Record<string, unknown>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/trips/${tripId}/${action}`,
    headers: bearer(who.token),
    ...(payload ? { payload } : {}),
  });
}

/** A multipart body with one file, as the web's photo inputs send it. */
export function multipartPhoto(bytes: Buffer, field = 'photo', type = 'image/png') {
  const boundary = '----bantay-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="photo"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
