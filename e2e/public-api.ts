import type { APIRequestContext } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** The demo barangay's map centre, inside its boundary. */
export const DEMO_CENTRE = { lat: 14.7356, lng: 121.0498 };

/** Solves the server's bot-check the way the browser widget does and returns the `botCheck` payload. */
export async function solveBotCheck(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/bot-check/challenge');
  if (!response.ok()) throw new Error(`bot-check challenge failed: ${response.status()}`);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot-check challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface ReportInput {
  type?: string;
  classification?: 'normal' | 'emergency';
  description?: string;
  location?: { lat: number; lng: number };
  reporterPhone?: string;
}

/**
 * Files a public incident report through the API (as the report page does) and returns its ticket.
 * Staff browsers then receive the new-report notification. A resident's token makes it theirs.
 */
export async function reportIncident(request: APIRequestContext, input: ReportInput = {}, token?: string): Promise<string> {
  const settings = await (await request.get('/api/settings/public')).json();
  const response = await request.post('/api/public/incidents', {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    data: {
      type: input.type ?? settings.incidentTypes[0].name,
      classification: input.classification ?? 'normal',
      description: input.description ?? 'A loud fight outside the sari-sari store.',
      occurredAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      location: input.location ?? DEMO_CENTRE,
      ...(input.reporterPhone ? { reporterPhone: input.reporterPhone } : {}),
      botCheck: await solveBotCheck(request),
      // A fresh device each time, so the per-device report limit never couples tests.
      deviceId: `e2e${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`,
    },
  });
  if (response.status() !== 201) throw new Error(`report failed: ${response.status()} ${await response.text()}`);
  return (await response.json()).ticket as string;
}
