import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { UserType } from '@bantay/shared';
import { homeFor } from './role-home.ts';

/**
 * docs/product.md §A2: a menu path is built from its label — first letter upper-case, the rest lower-case,
 * spaces removed ("Patrol Map" → "/Patrolmap"). Routes match case-insensitively.
 */
export function labelToPath(label: string): string {
  const lower = label.toLowerCase();
  return `/${(lower.charAt(0).toUpperCase() + lower.slice(1)).replace(/\s+/g, '')}`;
}

export type MenuIcon =
  | 'dashboard'
  | 'map'
  | 'calendar'
  | 'chart'
  | 'toolbox'
  | 'home'
  | 'alert'
  | 'star'
  | 'users'
  | 'radar'
  | 'boxes'
  | 'user';

/** The brief's menu labels, in English: each one's path is built from it (labelToPath). */
type MenuLabel =
  | 'Admin Dashboard'
  | 'Manage Tanod'
  | 'Manage Patrol Schedules'
  | 'Patrol & Incident Tracking'
  | 'Resources'
  | 'DashBoard'
  | 'Patrol Map'
  | 'Schedule'
  | 'Performance'
  | 'Equipments'
  | 'Home'
  | 'Report Incidents'
  | 'Tanod Evaluation'
  | 'My Account';

/**
 * What the side nav shows for each label, in the language on screen (decision 029). The English
 * catalogue is the brief's label itself; the Filipino stays short, so the open nav never wraps.
 */
const MENU_TEXTS: Record<MenuLabel, MessageDescriptor> = {
  'Admin Dashboard': msg`Admin Dashboard`,
  'Manage Tanod': msg`Manage Tanod`,
  'Manage Patrol Schedules': msg`Manage Patrol Schedules`,
  'Patrol & Incident Tracking': msg`Patrol & Incident Tracking`,
  Resources: msg`Resources`,
  DashBoard: msg`DashBoard`,
  'Patrol Map': msg`Patrol Map`,
  Schedule: msg`Schedule`,
  Performance: msg`Performance`,
  Equipments: msg`Equipments`,
  Home: msg`Home`,
  'Report Incidents': msg`Report Incidents`,
  'Tanod Evaluation': msg`Tanod Evaluation`,
  'My Account': msg`My Account`,
};

export interface MenuItem {
  /** The brief's English label, which the path comes from. */
  label: MenuLabel;
  /** The label to show, translated at render (`i18n._(item.text)`). */
  text: MessageDescriptor;
  path: string;
  icon: MenuIcon;
}

const item = (label: MenuLabel, icon: MenuIcon, path = labelToPath(label)): MenuItem => ({ label, text: MENU_TEXTS[label], path, icon });

const ADMIN_MENU: MenuItem[] = [
  item('Admin Dashboard', 'dashboard'),
  item('Manage Tanod', 'users'),
  item('Manage Patrol Schedules', 'calendar'),
  item('Patrol & Incident Tracking', 'radar'),
  item('Resources', 'boxes'),
];

/** docs/product.md §A2 side-navigation menus. Any other user type gets no menu. */
export function menuFor(userType: UserType | null): MenuItem[] {
  switch (userType) {
    case 'tanod':
      return [
        item('DashBoard', 'dashboard'),
        item('Patrol Map', 'map'),
        item('Schedule', 'calendar'),
        item('Performance', 'chart'),
        item('Equipments', 'toolbox'),
      ];
    case 'resident':
      // "Home" by the label rule would be /Home, which is no route: the residents' home is the landing page.
      // My Account is where a resident sets the home their texts and missed calls are placed at
      // (docs/decisions/032-the-text-line.md); staff reach their account from the avatar menu.
      return [item('Home', 'home', '/'), item('Report Incidents', 'alert'), item('Tanod Evaluation', 'star'), item('My Account', 'user', '/myaccount')];
    case 'admin':
    case 'supadmin':
      return ADMIN_MENU;
    default:
      return [];
  }
}

// In a module of its own, so the app's entry can use it without the menus (src/lib/pwa-start.ts).
export { homeFor };

export function samePath(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** Signed-in pages open to every role (the staff pages are in the role's menu). */
const ANY_SIGNED_IN_PATHS = ['/myaccount'];

/**
 * Where a user lands after sign-in (docs/product.md §A4: a saved destination is removed and followed). The
 * saved path outlives the session that saved it, so it may belong to someone else who signed out
 * on this computer: it is followed only when the new user's role may open it.
 */
export function destinationAfterLogin(saved: string | null, userType: UserType): string {
  if (!saved) return homeFor(userType);
  const pathname = saved.split(/[?#]/)[0] ?? '';
  const allowed = [...menuFor(userType).map((entry) => entry.path), ...ANY_SIGNED_IN_PATHS];
  return allowed.some((path) => samePath(path, pathname)) ? saved : homeFor(userType);
}
