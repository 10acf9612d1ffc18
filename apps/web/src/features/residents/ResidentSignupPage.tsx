import { PublicShell } from '@/components/PublicShell.tsx';

/** Wiring placeholder: replaced by the feature's page. */
export default function ResidentSignupPage() {
  return (
    <PublicShell>
      <h1 className="p-4 text-2xl font-bold">Resident sign-up</h1>
    </PublicShell>
  );
}
