import { useLingui } from '@lingui/react/macro';
import { ResourcesAdmin } from '@/features/resources/ResourcesAdmin.tsx';
import RolePage from './RolePage.tsx';

/** Admin /Resources: the resources feature inside the staff page frame. */
export default function ResourcesPage() {
  const { t } = useLingui();
  return (
    <RolePage title={t`Resources`}>
      <ResourcesAdmin />
    </RolePage>
  );
}
