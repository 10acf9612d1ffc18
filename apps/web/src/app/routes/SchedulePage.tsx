import { MySchedule } from '@/features/schedules/MySchedule.tsx';
import RolePage from './RolePage.tsx';

/** /Schedule (tanod). */
export default function SchedulePage() {
  return (
    <RolePage title="Schedule">
      <MySchedule />
    </RolePage>
  );
}
