import { useLingui } from '@lingui/react/macro';
import { MySchedule } from '@/features/schedules/MySchedule.tsx';
import RolePage from './RolePage.tsx';

/** /Schedule (tanod). */
export default function SchedulePage() {
  const { t } = useLingui();
  return (
    <RolePage title={t`Schedule`}>
      <MySchedule />
    </RolePage>
  );
}
