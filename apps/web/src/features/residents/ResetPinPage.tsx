import { PublicShell } from '@/components/PublicShell.tsx';

/** Wiring placeholder: replaced by the feature's page. */
export default function ResetPinPage() {
  return (
    <PublicShell>
      <h1 className="p-4 text-2xl font-bold">Set a new PIN</h1>
    </PublicShell>
  );
}
