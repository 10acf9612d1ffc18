import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import { solveInWorkers } from './bot-check-workers.ts';

// The server's challenge, as apps/server/src/adapters/bot-check/altcha.ts makes it (a low counter,
// so the search is short); the solution must pass the server's own check.
describe('solveInWorkers', () => {
  it("finds the number the server's challenge hides, and the server accepts it", async () => {
    const secret = 'a-test-secret-of-at-least-32-characters';
    const challenge = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 50, counter: 40, deriveKey, hmacSignatureSecret: secret });
    const solution = await solveInWorkers({ parameters: challenge.parameters, signature: challenge.signature! }, new AbortController());
    expect(solution?.counter).toBe(40);
    const verified = await verifySolution({ challenge: { parameters: challenge.parameters, signature: challenge.signature! }, solution: solution!, deriveKey, hmacSignatureSecret: secret });
    expect(verified.verified).toBe(true);
  });

  it('gives null once aborted', async () => {
    const challenge = await createChallenge({ algorithm: 'PBKDF2/SHA-256', cost: 50, counter: 100_000, deriveKey, hmacSignatureSecret: 'a-test-secret-of-at-least-32-characters' });
    const controller = new AbortController();
    controller.abort();
    expect(await solveInWorkers({ parameters: challenge.parameters, signature: challenge.signature! }, controller)).toBeNull();
  });
});
