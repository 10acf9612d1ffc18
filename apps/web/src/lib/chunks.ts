/**
 * Loading the app's code on demand, on a patchy connection. A chunk that fails is
 * tried again with growing pauses before anyone is told; when the server answers that the file is
 * gone, a newer version was deployed and only a reload can help.
 */

/** Pauses before the second, third and fourth try. */
const RETRY_DELAYS_MS = [500, 1500, 3500];

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** The script a failed dynamic import asked for, when the browser names it in the message. */
function failedChunkUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  const match = /(https?:\/\/[^\s'"]+?\.(?:m?js|css))/.exec(message);
  return match?.[1] ?? null;
}

/**
 * True when the failed chunk is missing on a reachable server: the hashed files of the running
 * version were replaced by a new deployment. Offline, or for any other failure, false.
 */
export async function isNewVersionError(error: unknown): Promise<boolean> {
  const url = failedChunkUrl(error);
  if (!url || new URL(url, window.location.href).origin !== window.location.origin) return false;
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.status === 404;
  } catch {
    return false;
  }
}

/** Runs a dynamic import, trying again with backoff; a new version is reported at once. */
export async function importWithRetry<T>(load: () => Promise<T>, delays: readonly number[] = RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined || (await isNewVersionError(error))) throw error;
      await wait(delay);
    }
  }
}

let retryRound = 0;

/** Which round of "try the failed code again" this is (see lazyWithRetry). */
export function chunkRetryRound(): number {
  return retryRound;
}

/**
 * Called by the error screens' Retry: code that failed before this call is fetched anew on its next
 * render. Without it React would re-render a failed piece for ever instead of showing the error.
 */
export function retryFailedChunks(): void {
  retryRound += 1;
}

/** Resolves when the browser reports a connection again, or after `ms`, whichever comes first. */
export function onlineOrAfter(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = window.setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}
