import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { ApiErrorBody, PerformanceList, PerformanceReportRequest, TanodPerformance } from '@bantay/shared';
import { api, API_BASE, ApiError } from '@/lib/api-client.ts';
import { useRefetchOn } from '@/lib/realtime.tsx';
import { storage } from '@/lib/storage.ts';
import { periodSearch, type PeriodSelection } from './performance-format.ts';
import { attachmentName } from '@/lib/save-file.ts';

const PERFORMANCE_KEY = ['performance'] as const;

/**
 * Figures are computed on the server for a whole period. The events that move them (an incident
 * answered or resolved, a backup call decided, a patrol ending, a shift changed) refetch them at
 * once; a resident's rating has no event of its own, so a minute's freshness covers it. The
 * previous period stays on screen while the next loads.
 */
const STALE_MS = 60_000;
const PERFORMANCE_EVENTS = [
  'incident:created',
  'incident:updated',
  'assistance:created',
  'assistance:updated',
  'tracking:status',
  'schedule:updated',
] as const;

const fetchTanodPerformance = (tanodId: string, selection: PeriodSelection, signal?: AbortSignal) =>
  api<TanodPerformance>(`/api/performance/${encodeURIComponent(tanodId)}?${periodSearch(selection)}`, { signal });

const fetchPerformanceList = (selection: PeriodSelection, signal?: AbortSignal) =>
  api<PerformanceList>(`/api/performance?${periodSearch(selection)}`, { signal });

/** One tanod's figures and chart series; `enabled` waits for a valid custom period. */
export function useTanodPerformance(tanodId: string | undefined, selection: PeriodSelection, enabled = true) {
  useRefetchOn(PERFORMANCE_KEY, PERFORMANCE_EVENTS);
  return useQuery({
    queryKey: [...PERFORMANCE_KEY, 'tanod', tanodId, periodSearch(selection)],
    queryFn: ({ signal }) => fetchTanodPerformance(tanodId!, selection, signal),
    enabled: enabled && Boolean(tanodId),
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/** Admin: every active tanod's figures, best first. */
export function usePerformanceList(selection: PeriodSelection, enabled = true) {
  useRefetchOn(PERFORMANCE_KEY, PERFORMANCE_EVENTS);
  return useQuery({
    queryKey: [...PERFORMANCE_KEY, 'all', periodSearch(selection)],
    queryFn: ({ signal }) => fetchPerformanceList(selection, signal),
    enabled,
    staleTime: STALE_MS,
    placeholderData: keepPreviousData,
  });
}

export interface ReportFile {
  blob: Blob;
  fileName: string;
}

/**
 * `POST /api/performance/report` as a file. The API client reads JSON only; this is the feature's
 * one binary call, with the same token and the same errors (a wrong password is the server's 403
 * and message, shown in the dialog as it is).
 */
export async function downloadPerformanceReport(
  body: PerformanceReportRequest,
  signal?: AbortSignal,
): Promise<ReportFile> {
  const token = storage.get('token');
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/performance/report`, {
      method: 'POST',
      // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP authorization scheme, not prose
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', t`Cannot reach the server. Check your connection.`);
  }
  if (!response.ok) {
    const failure = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new ApiError(
      response.status,
      failure?.error.code ?? 'INTERNAL',
      failure?.error.message ?? response.statusText,
      failure?.error.fields ?? [],
    );
  }
  const blob = await response.blob();
  const fileName = attachmentName(response, `performance-report.${body.format ?? 'pdf'}`);
  return { blob, fileName };
}

