import { EquipmentsTanod } from '@/features/resources/EquipmentsTanod.tsx';
import RolePage from './RolePage.tsx';

/** Tanod /Equipments: the resources feature, tanod side, inside the staff page frame. */
export default function EquipmentsPage() {
  return (
    <RolePage title="Equipments">
      <EquipmentsTanod />
    </RolePage>
  );
}
