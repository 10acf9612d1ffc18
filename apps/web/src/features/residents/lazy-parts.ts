import { withCatalog } from '@/lib/i18n.ts';

/**
 * Parts of the landing page that are not needed to show it to a visitor: they load when wanted,
 * which keeps the landing page within its download budget (docs/product.md §8).
 */
// Each brings the public part of the catalogue with it (src/lib/i18n.ts): the landing page starts
// with its own part only.
export const loadMyReportsCard = withCatalog(() => import('./MyReportsCard.tsx'));
export const loadForgotPinDialog = withCatalog(() => import('./ForgotPinDialog.tsx'));
