import { useSearchParams } from 'wouter';
import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const selected: TabKey = TAB_KEYS.includes(requested as TabKey) ? (requested as TabKey) : 'inventory';
  useLoanUpdates();
  useTripUpdates();
  const overdue = useLoans({ status: 'overdue' }).data?.length;
  const pending = useTrips({ status: 'pending' }).data?.length;

  const tabs: TabItem<TabKey>[] = [
    { key: 'inventory', label: t`Inventory` },
    { key: 'loans', label: t`Loans`, badge: <CountBadge count={overdue} label={t`overdue`} urgent /> },
    { key: 'vehicles', label: t`Vehicles` },
    { key: 'trips', label: t`Trips`, badge: <CountBadge count={pending} label={t`pending`} /> },
    { key: 'report', label: t`Report` },
  ];

  return (
    <Tabs
      label={t`Resources`}
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
