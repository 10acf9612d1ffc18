import { Modal } from '@/components/Modal.tsx';
import { ForgotPinForm } from './ForgotPinForm.tsx';

/** "Forgot PIN?" from the sign-in form; its own chunk, fetched when the resident reaches for it. */
export default function ForgotPinDialog({ initialPhone, onClose }: { initialPhone: string; onClose(): void }) {
  return (
    <Modal title="Reset your PIN" onClose={onClose}>
      <ForgotPinForm initialPhone={initialPhone} />
    </Modal>
  );
}
