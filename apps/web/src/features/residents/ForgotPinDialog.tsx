import { useLingui } from '@lingui/react/macro';
import { Modal } from '@/components/Modal.tsx';
import { ForgotPinForm } from './ForgotPinForm.tsx';

/** "Forgot PIN?" from the sign-in form; its own chunk, fetched when the resident reaches for it. */
export default function ForgotPinDialog({ initialPhone, onClose }: { initialPhone: string; onClose(): void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Reset your PIN`} onClose={onClose}>
      <ForgotPinForm initialPhone={initialPhone} />
    </Modal>
  );
}
