import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { AuditLogPanel } from '@/features/audit/AuditLogPanel.tsx';
import { FailedDeliveriesPanel } from '@/features/deliveries/FailedDeliveriesPanel.tsx';
import { TanodRatingsPanel } from '@/features/evaluations/TanodRatingsPanel.tsx';
import { AdminTanodPerformance } from '@/features/performance/AdminTanodPerformance.tsx';
import { PerformanceRanking } from '@/features/performance/PerformanceRanking.tsx';
import { BarangaySettingsPanel } from '@/features/settings/BarangaySettingsPanel.tsx';
import { StaffDirectory } from '@/features/users/StaffDirectory.tsx';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

const TABS = [
  { id: 'tanods', label: 'Tanods', supadminOnly: false },
  { id: 'performance', label: 'Performance', supadminOnly: false },
  { id: 'admins', label: 'Admins', supadminOnly: true },
  { id: 'settings', label: 'Barangay settings', supadminOnly: true },
  { id: 'audit', label: 'Audit log', supadminOnly: true },
  { id: 'deliveries', label: 'Failed alerts', supadminOnly: true },
] as const;

type TabId = (typeof TABS)[number]['id'];

/**
 * /ManageTanod (issue 13). The seed's admin menu has no entries for the supadmin's own pages, so
 * the supadmin finds admins, barangay settings, the audit log and the failed alerts (issue 20) as
 * tabs here (`?tab=`). Every admin has the ranked performance of all tanods as a tab too.
 */
export default function ManageTanodPage() {
  const { userType } = useSession();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => !tab.supadminOnly || userType === 'supadmin');
  const requested = params.get('tab');
  const current: TabId = tabs.find((tab) => tab.id === requested)?.id ?? 'tanods';
  // On a phone the strip scrolls sideways: a tab opened by its address (?tab=deliveries) is moved
  // into view, not left off-screen to the right.
  const stripRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const strip = stripRef.current;
    const tab = strip?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!strip || !tab) return;
    if (tab.offsetLeft < strip.scrollLeft || tab.offsetLeft + tab.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollLeft = tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2;
    }
  }, [current]);
  return (
    <RolePage title="Manage Tanod">
      {tabs.length > 1 && (
        <div ref={stripRef} role="tablist" aria-label="Manage" className="mb-5 flex gap-1 overflow-x-auto border-b border-line">
          {tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              aria-selected={current === tab.id}
              className={`min-h-11 shrink-0 border-b-2 px-4 text-sm font-semibold ${current === tab.id ? 'border-brand-600 text-ink' : 'border-transparent text-muted hover:text-ink'}`}
              onClick={() => setParams(tab.id === 'tanods' ? {} : { tab: tab.id }, { replace: true })}
            >
              {tab.label}
            </button>
          ))}
        </div>
      )}
      <div role={tabs.length > 1 ? 'tabpanel' : undefined}>
        {current === 'tanods' && (
          <StaffDirectory
            key="tanod"
            userType="tanod"
            renderDetails={(user) => (
              <div className="flex flex-col gap-6">
                <section aria-label="Performance" className="flex flex-col gap-3">
                  <h2 className="text-base font-semibold">Performance</h2>
                  <AdminTanodPerformance tanod={user} />
                </section>
                <section aria-label="Evaluations" className="flex flex-col gap-3">
                  <h2 className="text-base font-semibold">Evaluations</h2>
                  <TanodRatingsPanel tanodId={user._id} />
                </section>
              </div>
            )}
          />
        )}
        {current === 'performance' && <PerformanceRanking />}
        {current === 'admins' && <StaffDirectory key="admin" userType="admin" />}
        {current === 'settings' && <BarangaySettingsPanel />}
        {current === 'audit' && <AuditLogPanel />}
        {current === 'deliveries' && <FailedDeliveriesPanel />}
      </div>
    </RolePage>
  );
}
