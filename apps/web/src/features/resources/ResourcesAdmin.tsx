import { useSearchParams } from 'react-router';
import { CountBadge, Tabs, type TabItem } from '@/components/Tabs.tsx';
import { InventoryTab } from './InventoryTab.tsx';
import { LoansTab } from './LoansTab.tsx';
import { ReportTab } from './ReportTab.tsx';
import { useLoans, useLoanUpdates, useTrips, useTripUpdates } from './resources-api.ts';
import { TripsTab } from './TripsTab.tsx';
import { VehiclesTab } from './VehiclesTab.tsx';

const TAB_KEYS = ['inventory', 'loans', 'vehicles', 'trips', 'report'] as const;
type TabKey = (typeof TAB_KEYS)[number];

/**
 * Admin `/Resources`: inventory, loans, vehicles, trips and the audit report. The
 * tab is in the address (`?tab=loans`), so a reload or a shared link opens the same one.
 */
export function ResourcesAdmin() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selected: TabKey = TAB_KEYS.includes(requested as TabKey) ? (requested as TabKey) : 'inventory';
  useLoanUpdates();
  useTripUpdates();
  const overdue = useLoans({ status: 'overdue' }).data?.length;
  const pending = useTrips({ status: 'pending' }).data?.length;

  const tabs: TabItem<TabKey>[] = [
    { key: 'inventory', label: 'Inventory' },
    { key: 'loans', label: 'Loans', badge: <CountBadge count={overdue} label="overdue" urgent /> },
    { key: 'vehicles', label: 'Vehicles' },
    { key: 'trips', label: 'Trips', badge: <CountBadge count={pending} label="pending" /> },
    { key: 'report', label: 'Report' },
  ];

  return (
    <Tabs
      label="Resources"
      tabs={tabs}
      selected={selected}
      onSelect={(key) => setParams(key === 'inventory' ? {} : { tab: key }, { replace: true })}
    >
      {selected === 'inventory' && <InventoryTab />}
      {selected === 'loans' && <LoansTab />}
      {selected === 'vehicles' && <VehiclesTab />}
      {selected === 'trips' && <TripsTab />}
      {selected === 'report' && <ReportTab />}
    </Tabs>
  );
}
