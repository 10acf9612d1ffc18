import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../test/fake-http.ts';
import { OutsideServiceError, silentLogger } from '../outside-service.ts';
import { createConsoleSms, smsSentLogFile } from './console-sms.ts';
import { createSemaphoreSms } from './semaphore-sms.ts';
import { createTwilioSms } from './twilio-sms.ts';
import { createAndroidSms } from './android-sms.ts';
import { createHttpSms } from './httpsms-sms.ts';
import { fallingBack } from './sms.ts';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('console SMS (the offline default)', () => {
  it('a developer finds each message as one JSON line in DATA_DIR/sent/sms.jsonl', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-sms-'));
    const sms = createConsoleSms({ dataDir, log: silentLogger, now: () => new Date('2026-06-01T08:00:00Z') });
    await sms.send({ to: '+639171234567', text: 'Bantay: your code is 123456.' });
    await sms.send({ to: '+639181234567', text: 'second "quoted"\nline' });
    const lines = (await fs.readFile(smsSentLogFile(dataDir), 'utf8')).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual([
      { to: '+639171234567', text: 'Bantay: your code is 123456.', at: '2026-06-01T08:00:00.000Z' },
      { to: '+639181234567', text: 'second "quoted"\nline', at: '2026-06-01T08:00:00.000Z' },
    ]);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});

describe('Semaphore SMS', () => {
  const semaphore = (url: string, timeoutMs = 2000) =>
    createSemaphoreSms({ apiKey: 'sem-key', url, senderName: 'BANTAY', timeoutMs });

  it('posts apikey, number (without the plus), message and sendername as a form to /api/v4/messages', async () => {
    fake = await startFakeServer(() => ({ status: 200, json: [{ message_id: 1, status: 'Pending' }] }));
    await semaphore(fake.url).send({ to: '+639171234567', text: 'Hello tanod' });
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/api/v4/messages');
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.form).toEqual({ apikey: 'sem-key', number: '639171234567', message: 'Hello tanod', sendername: 'BANTAY' });
  });

  it('an HTTP error from the gateway becomes a clear error naming Semaphore and the status', async () => {
    fake = await startFakeServer(() => ({ status: 401, json: { apikey: ['The apikey is invalid.'] } }));
    const error = await semaphore(fake.url).send({ to: '+639171234567', text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutsideServiceError);
    expect((error as Error).message).toMatch(/^Semaphore SMS: HTTP 401: .*apikey is invalid/);
  });

  it('a 200 answer that is an error object, not a list of messages, is an error', async () => {
    fake = await startFakeServer(() => ({ status: 200, json: { number: ['The number format is invalid.'] } }));
    await expect(semaphore(fake.url).send({ to: '+639171234567', text: 'x' })).rejects.toThrow(/message refused.*number format/);
  });

  it('a gateway that does not answer in time gives a timeout error', async () => {
    fake = await startFakeServer(() => 'hang');
    await expect(semaphore(fake.url, 200).send({ to: '+639171234567', text: 'x' })).rejects.toThrow(
      'Semaphore SMS: no answer within 200 ms',
    );
  });

  it('a gateway that cannot be reached is a clear error', async () => {
    const closed = await startFakeServer(() => ({ status: 200 }));
    await closed.close();
    await expect(semaphore(closed.url).send({ to: '+639171234567', text: 'x' })).rejects.toThrow(
      /Semaphore SMS: request failed \(ECONNREFUSED\)/,
    );
  });

  it('a number outside the Philippines is refused before any request', async () => {
    fake = await startFakeServer(() => ({ status: 200, json: [] }));
    await expect(semaphore(fake.url).send({ to: '+14155552671', text: 'x' })).rejects.toThrow(/only Philippine numbers/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Twilio SMS', () => {
  const twilio = (url: string, extra: { from?: string; messagingServiceSid?: string } = { from: '+15005550006' }, timeoutMs = 2000) =>
    createTwilioSms({ accountSid: 'AC123', authToken: 'secret-token', from: extra.from, messagingServiceSid: extra.messagingServiceSid, url, timeoutMs });

  it('posts To, From and Body to the Messages API with basic auth', async () => {
    fake = await startFakeServer(() => ({ status: 201, json: { sid: 'SM1', status: 'queued' } }));
    await twilio(fake.url).send({ to: '+639171234567', text: 'Code 123456' });
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('AC123:secret-token').toString('base64')}`);
    expect(request!.form).toEqual({ To: '+639171234567', From: '+15005550006', Body: 'Code 123456' });
  });

  it('uses the messaging service instead of a From number when configured', async () => {
    fake = await startFakeServer(() => ({ status: 201, json: { sid: 'SM1' } }));
    await twilio(fake.url, { messagingServiceSid: 'MG9' }).send({ to: '+639171234567', text: 'x' });
    expect(fake.requests[0]!.form).toEqual({ To: '+639171234567', MessagingServiceSid: 'MG9', Body: 'x' });
  });

  it("Twilio's error body is passed on with its code", async () => {
    fake = await startFakeServer(() => ({ status: 400, json: { code: 21211, message: "The 'To' number is not valid.", status: 400 } }));
    await expect(twilio(fake.url).send({ to: '+639171234567', text: 'x' })).rejects.toThrow(
      "Twilio SMS: HTTP 400: The 'To' number is not valid. (code 21211)",
    );
  });

  it('a non-JSON server error is reported with an excerpt', async () => {
    fake = await startFakeServer(() => ({ status: 503, text: 'Service Unavailable' }));
    await expect(twilio(fake.url).send({ to: '+639171234567', text: 'x' })).rejects.toThrow('Twilio SMS: HTTP 503: Service Unavailable');
  });

  it('a slow API times out', async () => {
    fake = await startFakeServer(() => 'hang');
    await expect(twilio(fake.url, { from: '+1500' }, 150).send({ to: '+639171234567', text: 'x' })).rejects.toThrow(
      'Twilio SMS: no answer within 150 ms',
    );
  });
});

describe("the barangay's own phone (docs/decisions/032-the-text-line.md)", () => {
  it('SMS Gateway for Android: POST {url}/message with basic auth and the text for one number', async () => {
    fake = await startFakeServer(() => ({ status: 202, json: { id: 'PyDmBQZZXYmyxMwED8Fzy', state: 'Pending' } }));
    await createAndroidSms({ url: `${fake.url}/`, username: 'sms', password: 'pw', timeoutMs: 2000 }).send({ to: '+639171234567', text: 'Bantay: tiket ER-7K3F-9QXM' });
    const [request] = fake.requests;
    expect(request!.path).toBe('/message');
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('sms:pw').toString('base64')}`);
    expect(JSON.parse(request!.body)).toEqual({ textMessage: { text: 'Bantay: tiket ER-7K3F-9QXM' }, phoneNumbers: ['+639171234567'] });
  });

  it('httpSMS: POST /v1/messages/send with the API key and the phone as the sender', async () => {
    fake = await startFakeServer(() => ({ status: 200, json: { status: 'success', data: {} } }));
    await createHttpSms({ apiKey: 'hs-key', url: fake.url, from: '+639170000999', timeoutMs: 2000 }).send({ to: '+639171234567', text: 'hello' });
    const [request] = fake.requests;
    expect(request!.path).toBe('/v1/messages/send');
    expect(request!.headers['x-api-key']).toBe('hs-key');
    expect(JSON.parse(request!.body)).toEqual({ from: '+639170000999', to: '+639171234567', content: 'hello' });
  });

  it('a send that fails on the first provider goes out through the next; all failing is one error naming each', async () => {
    fake = await startFakeServer((request) => (request.path === '/message' ? { status: 500, json: { message: 'phone offline' } } : { status: 200, json: { status: 'success' } }));
    const android = createAndroidSms({ url: fake.url, username: 'sms', password: 'pw', timeoutMs: 2000 });
    const httpsms = createHttpSms({ apiKey: 'k', url: fake.url, from: '+639170000999', timeoutMs: 2000 });
    const sender = fallingBack([android, httpsms], silentLogger);
    expect(sender.provider).toBe('android');
    await sender.send({ to: '+639171234567', text: 'x' });
    expect(fake.requests.map((request) => request.path)).toEqual(['/message', '/v1/messages/send']);
    await expect(fallingBack([android, android], silentLogger).send({ to: '+639171234567', text: 'x' })).rejects.toThrow(
      'SMS: every provider failed: SMS Gateway for Android: HTTP 500: phone offline; SMS Gateway for Android: HTTP 500: phone offline',
    );
  });
});
