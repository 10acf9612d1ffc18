import type { CopyRequest, MyBlotterEntry } from '@bantay/shared';
import { api } from '@/lib/api-client.ts';
import { downloadFile } from '@/lib/download-file.ts';

/**
 * The certified copy's download and the signed-in resident's calls, kept apart from the staff
 * side's query hooks so the resident's card on the landing page does not bring the query library.
 */

const enc = encodeURIComponent;

export const downloadCertifiedCopy = (id: string, number: string) => downloadFile(`/api/blotter/${enc(id)}/certified.pdf`, `blotter-${number}-certified.pdf`);
export const fetchMyEntries = (signal?: AbortSignal) => api<{ items: MyBlotterEntry[] }>('/api/blotter/mine', { signal }).then((data) => data.items);
export const requestCopy = (id: string) => api<CopyRequest>(`/api/blotter/${enc(id)}/copy-requests`, { method: 'POST' });
