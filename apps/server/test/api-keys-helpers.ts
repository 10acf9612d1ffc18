import type { ApiKeyScope, CreatedApiKey } from '@bantay/shared';
import { bearer, createUser, signIn, type TestContext } from './harness.ts';

/** A supadmin makes an API key with these scopes through the API; the key, and who made it. */
export async function makeApiKey(ctx: TestContext, scopes: ApiKeyScope[], name = 'Test integration'): Promise<string> {
  const supadmin = await createUser(ctx, { userType: 'supadmin' });
  const token = await signIn(ctx, supadmin);
  const response = await ctx.app.inject({ method: 'POST', url: '/api/api-keys', headers: bearer(token), payload: { name, scopes } });
  if (response.statusCode !== 201) throw new Error(`makeApiKey: ${response.statusCode} ${response.body}`);
  return response.json<CreatedApiKey>().key;
}
