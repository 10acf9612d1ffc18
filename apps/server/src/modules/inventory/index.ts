/**
 * The door of the inventory module (docs/architecture.md): the equipment, its loans with their
 * due times (docs/product.md §4.8) and the daily reminder of overdue loans.
 */
export { inventoryRoutes } from './inventory.routes.ts';
export { loanRoutes } from './loans.routes.ts';
export { overdueLoansJob } from './overdue-loans.job.ts';
