import { t } from '@lingui/core/macro';
import type { ApiErrorBody } from '@bantay/shared';
import { API_BASE, ApiError } from './api-client.ts';
import { attachmentName, saveFile } from './save-file.ts';
import { storage } from './storage.ts';

/**
 * Downloads a file the API makes (a PDF, a CSV) and hands it to the browser. The call needs the
 * bearer token, so it cannot be a plain link: the file is fetched here, its name taken from
 * Content-Disposition, and given to saveFile. Refusals become ApiError in the server's words.
 */
export async function downloadFile(path: string, fallbackName: string, signal?: AbortSignal): Promise<string> {
  const token = storage.get('token');
  let response: Response;
  try {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not prose
    response = await fetch(`${API_BASE}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', t`Cannot reach the server. Check your connection.`);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'INTERNAL',
      body?.error?.message ?? t`The download failed. Please try again.`,
      body?.error?.fields ?? [],
    );
  }
  const fileName = attachmentName(response, fallbackName);
  saveFile(await response.blob(), fileName);
  return fileName;
}
