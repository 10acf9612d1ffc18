import type { UserType } from '@bantay/shared';

/**
 * Room names. Every socket joins its user, role and session rooms at connect; features add
 * their own (conversations, the live map) on request, after checking the caller may join.
 */
export const userRoom = (userId: string) => `user:${userId}`;
export const roleRoom = (userType: UserType) => `role:${userType}`;
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const conversationRoom = (conversationId: string) => `conversation:${conversationId}`;

/** Admins watching the live map (`tracking:watch`): they hear every `tracking:position`. */
export const LIVE_MAP_ROOM = 'live-map';

export const STAFF_ROOMS = [roleRoom('tanod'), roleRoom('admin'), roleRoom('supadmin')];
export const ADMIN_ROOMS = [roleRoom('admin'), roleRoom('supadmin')];
