import { useLingui } from '@lingui/react/macro';
import { MyEquipment } from '@/features/resources/MyEquipment.tsx';
import RolePage from './RolePage.tsx';

/** Tanod /Equipments: the resources feature, tanod side, inside the staff page frame. */
export default function EquipmentsPage() {
  const { t } = useLingui();
  return (
    <RolePage title={t`Equipments`}>
      <MyEquipment />
    </RolePage>
  );
}
