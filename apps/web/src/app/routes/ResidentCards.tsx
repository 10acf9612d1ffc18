import { Suspense } from 'react';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { PieceBoundary } from '@/components/PieceBoundary.tsx';
import { MyReportsCard } from '@/features/residents/MyReportsCard.tsx';

// A chunk of its own again: it brings the query library, which only this card needs here.
const ResidentAlertsCard = lazyWithRetry(() => import('@/features/push/ResidentAlertsCard.tsx'));
// The blotter entries naming the resident, and their certified copies (docs/decisions/026-the-blotter.md).
const MyBlotterCard = lazyWithRetry(() => import('@/features/blotter/MyBlotterCard.tsx'));
// Advisories by push or SMS, the data download and the account's deletion (decision 028).
const ResidentPrivacyCards = lazyWithRetry(() => import('@/features/privacy/ResidentPrivacyCards.tsx'));

/**
 * What a signed-in resident sees on the landing page beside the public actions: their reports,
 * then their push alerts. One lazy chunk, so the landing page itself carries no code
 * for either (it is at its download budget, docs/product.md §8).
 */
export default function ResidentCards({ focusOnMount = false }: { focusOnMount?: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <MyReportsCard focusOnMount={focusOnMount} />
      <PieceBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <MyBlotterCard />
        </Suspense>
      </PieceBoundary>
      {/* The alerts are extra: if their code cannot load, the reports stay and the card is left out. */}
      <PieceBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <ResidentAlertsCard />
        </Suspense>
      </PieceBoundary>
      <PieceBoundary fallback={() => null}>
        <Suspense fallback={null}>
          <ResidentPrivacyCards />
        </Suspense>
      </PieceBoundary>
    </div>
  );
}
