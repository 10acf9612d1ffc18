import { useSearchParams } from 'wouter';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Tabs } from '@/components/Tabs.tsx';
import { AuditLogPanel } from '@/features/audit/AuditLogPanel.tsx';
import { FailedDeliveriesPanel } from '@/features/deliveries/FailedDeliveriesPanel.tsx';
import { IntegrationsPage } from '@/features/integrations/IntegrationsPage.tsx';
import { TanodRatingsPanel } from '@/features/evaluations/TanodRatingsPanel.tsx';
import { AdminTanodPerformance } from '@/features/performance/AdminTanodPerformance.tsx';
import { PerformanceRanking } from '@/features/performance/PerformanceRanking.tsx';
import { BarangaySettingsPanel } from '@/features/settings/BarangaySettingsPanel.tsx';
import { GatewayStatusCard } from '@/features/text-line/GatewayStatus.tsx';
import { StaffDirectory } from '@/features/users/StaffDirectory.tsx';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

const TABS = [
  { key: 'tanods', label: msg`Tanods`, supadminOnly: false },
  { key: 'performance', label: msg`Performance`, supadminOnly: false },
  { key: 'admins', label: msg`Admins`, supadminOnly: true },
  { key: 'settings', label: msg`Barangay settings`, supadminOnly: true },
  { key: 'audit', label: msg`Audit log`, supadminOnly: true },
  { key: 'deliveries', label: msg`Failed alerts`, supadminOnly: true },
  { key: 'integrations', label: msg`Integrations`, supadminOnly: true },
] as const;

type TabId = (typeof TABS)[number]['key'];

/**
 * /ManageTanod. The seed's admin menu has no entries for the supadmin's own pages, so
 * the supadmin finds admins, barangay settings, the audit log, the failed alerts and the integrations as
 * tabs here (`?tab=`). Every admin has the ranked performance of all tanods as a tab too.
 */
export default function ManageTanodPage() {
  const { t } = useLingui();
  const { userType } = useSession();
  const [params, setParams] = useSearchParams();
  const tabs = TABS.filter((tab) => !tab.supadminOnly || userType === 'supadmin');
  const requested = params.get('tab');
  const current: TabId = tabs.find((tab) => tab.key === requested)?.key ?? 'tanods';
  return (
    <RolePage title={t`Manage Tanod`}>
      {/* The shared tab bar wraps on a phone, so every tab, the one opened by its address too, is in sight. */}
      <Tabs
        label={t`Manage`}
        tabs={tabs.map((tab) => ({ key: tab.key, label: t(tab.label) }))}
        selected={current}
        onSelect={(key) => setParams(key === 'tanods' ? {} : { tab: key }, { replace: true })}
      >
        {current === 'tanods' && (
          <StaffDirectory
            key="tanod"
            userType="tanod"
            renderDetails={(user) => (
              <div className="flex flex-col gap-6">
                <section aria-label={t`Performance`} className="flex flex-col gap-3">
                  <h2 className="text-base font-semibold">
                    <Trans>Performance</Trans>
                  </h2>
                  <AdminTanodPerformance tanod={user} />
                </section>
                <section aria-label={t`Evaluations`} className="flex flex-col gap-3">
                  <h2 className="text-base font-semibold">
                    <Trans>Evaluations</Trans>
                  </h2>
                  <TanodRatingsPanel tanodId={user._id} />
                </section>
              </div>
            )}
          />
        )}
        {current === 'performance' && <PerformanceRanking />}
        {current === 'admins' && <StaffDirectory key="admin" userType="admin" />}
        {current === 'settings' && (
          <div className="flex flex-col gap-6">
            <GatewayStatusCard />
            <BarangaySettingsPanel />
          </div>
        )}
        {current === 'audit' && <AuditLogPanel />}
        {current === 'deliveries' && <FailedDeliveriesPanel />}
        {current === 'integrations' && <IntegrationsPage />}
      </Tabs>
    </RolePage>
  );
}
