import { useQuery, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type {
  ApiErrorBody,
  CompleteTripRequest,
  CreateInventoryItemRequest,
  CreateLoanRequest,
  CreateTripRequest,
  CreateVehicleRequest,
  DefaultDue,
  InventoryCategory,
  InventoryItem,
  Loan,
  RejectTripRequest,
  ResourceReportQuery,
  ReturnLoanRequest,
  Trip,
  UpdateInventoryItemRequest,
  UpdateVehicleRequest,
  UserSummary,
  Vehicle,
} from '@bantay/shared';
import { api, API_BASE, ApiError } from '@/lib/api-client.ts';
import { useSocketEvent } from '@/lib/realtime.tsx';
import { storage } from '@/lib/storage.ts';
import { attachmentName } from '@/lib/save-file.ts';

/** Every query of the feature lives under this key, so a live update can refresh them together. */
export const RESOURCES_KEY = ['resources'] as const;
export const INVENTORY_KEY = [...RESOURCES_KEY, 'inventory'] as const;
const LOANS_KEY = [...RESOURCES_KEY, 'loans'] as const;
const VEHICLES_KEY = [...RESOURCES_KEY, 'vehicles'] as const;
const TRIPS_KEY = [...RESOURCES_KEY, 'trips'] as const;
const TANODS_KEY = [...RESOURCES_KEY, 'tanods'] as const;

const enc = encodeURIComponent;

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

// ---- Inventory ----

export interface InventoryFilter {
  search?: string;
  category?: InventoryCategory;
  includeRetired?: boolean;
}

export const fetchInventory = (filter: InventoryFilter = {}) =>
  api<InventoryItem[]>(
    `/api/inventory${query({ search: filter.search, category: filter.category, includeRetired: filter.includeRetired ? 'true' : undefined })}`,
  );
export const createItem = (body: CreateInventoryItemRequest) =>
  api<InventoryItem>('/api/inventory', { method: 'POST', body });
export const updateItem = (id: string, body: UpdateInventoryItemRequest) =>
  api<InventoryItem>(`/api/inventory/${enc(id)}`, { method: 'PATCH', body });
export const retireItem = (id: string) => api<InventoryItem>(`/api/inventory/${enc(id)}/retire`, { method: 'POST' });

function photoForm(file: File): FormData {
  const form = new FormData();
  form.append('photo', file);
  return form;
}
export const uploadItemPhoto = (id: string, file: File) =>
  api<InventoryItem>(`/api/inventory/${enc(id)}/photo`, { method: 'POST', body: photoForm(file) });

export function useInventory(filter: InventoryFilter = {}) {
  return useQuery({ queryKey: [...INVENTORY_KEY, filter], queryFn: () => fetchInventory(filter) });
}

// ---- Loans ----

export interface LoanFilter {
  status?: Loan['status'];
  borrowerId?: string;
}

const fetchLoans = (filter: LoanFilter = {}) =>
  api<Loan[]>(`/api/loans${query({ status: filter.status, borrowerId: filter.borrowerId })}`);
export const borrowItem = (body: CreateLoanRequest) => api<Loan>('/api/loans', { method: 'POST', body });
export const returnLoan = (id: string, body: ReturnLoanRequest) =>
  api<Loan>(`/api/loans/${enc(id)}/return`, { method: 'POST', body });
export const fetchDefaultDue = (borrowerId?: string) =>
  api<DefaultDue>(`/api/loans/default-due${query({ borrowerId })}`);

export function useLoans(filter: LoanFilter = {}) {
  return useQuery({ queryKey: [...LOANS_KEY, filter], queryFn: () => fetchLoans(filter) });
}

// ---- Vehicles and trips ----

const fetchVehicles = () => api<Vehicle[]>('/api/vehicles');
export const createVehicle = (body: CreateVehicleRequest) => api<Vehicle>('/api/vehicles', { method: 'POST', body });
export const updateVehicle = (id: string, body: UpdateVehicleRequest) =>
  api<Vehicle>(`/api/vehicles/${enc(id)}`, { method: 'PATCH', body });
export const uploadVehiclePhoto = (id: string, file: File) =>
  api<Vehicle>(`/api/vehicles/${enc(id)}/photo`, { method: 'POST', body: photoForm(file) });

/**
 * Vehicle edits have no push event (trips do: `trip:updated`), so vehicles are re-read whenever a
 * tab or page shows them and when the window regains focus.
 */
export function useVehicles() {
  return useQuery({ queryKey: VEHICLES_KEY, queryFn: fetchVehicles, staleTime: 0, refetchOnWindowFocus: true });
}

export interface TripFilter {
  vehicleId?: string;
  driverId?: string;
  status?: Trip['status'];
}

const fetchTrips = (filter: TripFilter = {}) => api<Trip[]>(`/api/trips${query({ ...filter })}`);
export const requestTrip = (body: CreateTripRequest) => api<Trip>('/api/trips', { method: 'POST', body });
export const approveTrip = (id: string) => api<Trip>(`/api/trips/${enc(id)}/approve`, { method: 'POST' });
export const rejectTrip = (id: string, body: RejectTripRequest) =>
  api<Trip>(`/api/trips/${enc(id)}/reject`, { method: 'POST', body });
export const cancelTrip = (id: string) => api<Trip>(`/api/trips/${enc(id)}/cancel`, { method: 'POST' });
export const completeTrip = (id: string, body: CompleteTripRequest) =>
  api<Trip>(`/api/trips/${enc(id)}/complete`, { method: 'POST', body });

export function useTrips(filter: TripFilter = {}) {
  return useQuery({ queryKey: [...TRIPS_KEY, filter], queryFn: () => fetchTrips(filter) });
}

// ---- People ----

/** The tanods an admin can issue to or assign as drivers (admins are offered tanods only). */
export function useTanods(enabled = true) {
  return useQuery({
    queryKey: TANODS_KEY,
    queryFn: async () =>
      (await api<{ users: UserSummary[] }>('/api/auth/users')).users.filter((u) => u.userType === 'tanod'),
    enabled,
    staleTime: 5 * 60_000,
  });
}

// ---- Live updates ----

/**
 * `loan:updated` is thin (docs/product.md §7): any borrow or return, here or in another browser, refreshes
 * the loans and the stock figures that follow from them.
 */
export function useLoanUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent('loan:updated', () => {
    void queryClient.invalidateQueries({ queryKey: LOANS_KEY });
    void queryClient.invalidateQueries({ queryKey: INVENTORY_KEY });
  });
}

/**
 * `trip:updated` reaches the admins and the trip's driver after each step; a completed trip also
 * moves the vehicle's odometer and status, so vehicles are refreshed with the trips.
 */
export function useTripUpdates(): void {
  const queryClient = useQueryClient();
  useSocketEvent('trip:updated', () => {
    void queryClient.invalidateQueries({ queryKey: TRIPS_KEY });
    void queryClient.invalidateQueries({ queryKey: VEHICLES_KEY });
  });
}

/** After a write: everything the feature shows may follow from it (stock, loans, odometers). */
export function useRefreshResources(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: RESOURCES_KEY });
}

// ---- Audit report ----

export interface ReportDownload {
  blob: Blob;
  fileName: string;
}

/** Bytes received so far, and the total when the server said it (Content-Length). */
export type ReportProgress = { phase: 'preparing' } | { phase: 'downloading'; received: number; total: number | null };

/**
 * `GET /api/resources/report` as a file, read chunk by chunk so the page can show how far it is.
 * The API client reads JSON only; this is its one binary call, with the same token and errors.
 */
export async function downloadReport(
  params: ResourceReportQuery,
  onProgress: (progress: ReportProgress) => void,
  signal?: AbortSignal,
): Promise<ReportDownload> {
  onProgress({ phase: 'preparing' });
  const token = storage.get('token');
  let response: Response;
  try {
    response = await fetch(
      `${API_BASE}/api/resources/report${query({ from: params.from, to: params.to, format: params.format })}`,
      {
        // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP authorization scheme, not prose
        headers: token ? { authorization: `Bearer ${token}` } : {},
        signal,
      },
    );
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', t`Cannot reach the server. Check your connection.`);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => undefined)) as ApiErrorBody | undefined;
    throw new ApiError(
      response.status,
      body?.error.code ?? 'INTERNAL',
      body?.error.message ?? response.statusText,
      body?.error.fields ?? [],
    );
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : null;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ phase: 'downloading', received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ phase: 'downloading', received, total });
    }
  }
  const fileName = attachmentName(response, `resources-report-${params.from}-${params.to}.${params.format ?? 'pdf'}`);
  return {
    blob: new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' }),
    fileName,
  };
}
