/**
 * Parts of the landing page that are not needed to show it to a visitor: they load when wanted,
 * which keeps the landing page within its download budget (docs/product.md §8).
 */
export const loadMyReportsCard = () => import('./MyReportsCard.tsx');
export const loadForgotPinDialog = () => import('./ForgotPinDialog.tsx');
