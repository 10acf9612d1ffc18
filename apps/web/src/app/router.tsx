import { createBrowserRouter, type RouteObject } from 'react-router';
import type { UserType } from '@bantay/shared';
import { lazyPage } from '@/components/lazy-page.tsx';
import { AppRoot } from './AppRoot.tsx';
import { RouteGuard } from './RouteGuard.tsx';

// Every page is its own chunk, so the public pages never download the staff app (product §8).
const LandingPage = lazyPage(() => import('./routes/LandingPage.tsx'));
const LoginPage = lazyPage(() => import('@/features/auth/LoginPage.tsx'));
const PendingPublicPage = lazyPage(() => import('./routes/PendingPublicPage.tsx'));
const StaffLayout = lazyPage(() => import('./layout/StaffLayout.tsx'));
const RolePage = lazyPage(() => import('./routes/RolePage.tsx'));
const MyAccountPage = lazyPage(() => import('./routes/MyAccountPage.tsx'));
const ForgotPasswordPage = lazyPage(() => import('@/features/password-reset/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazyPage(() => import('@/features/password-reset/ResetPasswordPage.tsx'));
const NotFoundPage = lazyPage(() => import('./routes/NotFoundPage.tsx'));

const TANOD: UserType[] = ['tanod'];
const ADMIN: UserType[] = ['admin', 'supadmin'];

function guarded(path: string, title: string, allowed: UserType[] | 'any-signed-in'): RouteObject {
  return {
    path,
    element: (
      <RouteGuard allowed={allowed}>
        <RolePage title={title} />
      </RouteGuard>
    ),
  };
}

function pending(path: string, title: string, summary: string): RouteObject {
  return { path, element: <PendingPublicPage title={title} summary={summary} /> };
}

/** Brief §2 routes. Matching is case-insensitive (React Router's default), per product §1. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/tanod-login', element: <LoginPage /> },
      pending('/signup', 'Sign up', 'Residents create an account here to follow their reports.'),
      pending('/resident-signup', 'Resident sign-up', 'Create a resident account with your mobile number and a PIN.'),
      pending('/Tanodevaluation', 'Rate our tanods', 'Tell us how our tanods served you.'),
      pending('/Reportincidents', 'Report an incident', 'Tell the barangay what happened and where.'),
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      pending('/reset-pin/:token', 'Set a new PIN', 'Choose a new PIN for your resident account.'),
      {
        element: (
          <RouteGuard allowed="any-signed-in">
            <StaffLayout />
          </RouteGuard>
        ),
        children: [
          {
            path: '/myaccount',
            element: (
              <RouteGuard allowed="any-signed-in">
                <MyAccountPage />
              </RouteGuard>
            ),
          },
          guarded('/Dashboard', 'Dashboard', TANOD),
          guarded('/Patrolmap', 'Patrol Map', TANOD),
          guarded('/Equipments', 'Equipments', TANOD),
          guarded('/Performance', 'Performance', TANOD),
          guarded('/Schedule', 'Schedule', TANOD),
          guarded('/Admindashboard', 'Admin Dashboard', ADMIN),
          guarded('/ManageTanod', 'Manage Tanod', ADMIN),
          guarded('/Resources', 'Resources', ADMIN),
          guarded('/ManagePatrolschedules', 'Manage Patrol Schedules', ADMIN),
          guarded('/Patrol&incidenttracking', 'Patrol & Incident Tracking', ADMIN),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
