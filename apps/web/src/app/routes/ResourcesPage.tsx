import { ResourcesAdmin } from '@/features/resources/ResourcesAdmin.tsx';
import RolePage from './RolePage.tsx';

/** Admin /Resources: the resources feature inside the staff page frame. */
export default function ResourcesPage() {
  return (
    <RolePage title="Resources">
      <ResourcesAdmin />
    </RolePage>
  );
}
