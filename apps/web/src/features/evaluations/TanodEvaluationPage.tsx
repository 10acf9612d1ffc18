import { PublicShell } from '@/components/PublicShell.tsx';

/** Wiring placeholder: replaced by the feature's page. */
export default function TanodEvaluationPage() {
  return (
    <PublicShell>
      <h1 className="p-4 text-2xl font-bold">Rate our tanods</h1>
    </PublicShell>
  );
}
