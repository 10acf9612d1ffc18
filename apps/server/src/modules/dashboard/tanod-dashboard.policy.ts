import type { Actor } from '../../http/actor.ts';

/**
 * The tanod dashboard is about the caller themself (their shifts, loans, figures, feedback), so
 * only a tanod has one; admins have their own dashboard (`/api/dashboard/admin`).
 */
export const canSeeTanodDashboard = (actor: Pick<Actor, 'userType'>): boolean => actor.userType === 'tanod';
