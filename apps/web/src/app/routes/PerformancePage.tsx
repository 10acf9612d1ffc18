import { useLingui } from '@lingui/react/macro';
import { Loading } from '@/components/Loading.tsx';
import { TanodPerformanceView } from '@/features/performance/TanodPerformanceView.tsx';
import { useSession } from '@/lib/session.tsx';
import RolePage from './RolePage.tsx';

/** The tanod's /Performance (docs/product.md §4.10): their own figures and charts for a period. */
export default function PerformancePage() {
  const { t } = useLingui();
  const { user } = useSession();
  return (
    <RolePage title={t`Performance`}>{user ? <TanodPerformanceView tanodId={user._id} own /> : <Loading />}</RolePage>
  );
}
