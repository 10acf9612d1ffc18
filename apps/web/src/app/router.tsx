import { createBrowserRouter, type RouteObject } from 'react-router';
import type { UserType } from '@bantay/shared';
import { lazyPage } from '@/components/lazy-page.tsx';
import { AppRoot } from './AppRoot.tsx';
import { RouteGuard } from './RouteGuard.tsx';

// Every page is its own chunk, so the public pages never download the staff app (product §8).
const LandingPage = lazyPage(() => import('./routes/LandingPage.tsx'));
const LoginPage = lazyPage(() => import('@/features/auth/LoginPage.tsx'));
const SignupChooserPage = lazyPage(() => import('@/features/residents/SignupChooserPage.tsx'));
const ResidentSignupPage = lazyPage(() => import('@/features/residents/ResidentSignupPage.tsx'));
const ResetPinPage = lazyPage(() => import('@/features/residents/ResetPinPage.tsx'));
const ReportIncidentsPage = lazyPage(() => import('@/features/report/ReportIncidentsPage.tsx'));
const TanodEvaluationPage = lazyPage(() => import('@/features/evaluations/TanodEvaluationPage.tsx'));
const StaffLayout = lazyPage(() => import('./layout/StaffLayout.tsx'));
const RolePage = lazyPage(() => import('./routes/RolePage.tsx'));
const MyAccountPage = lazyPage(() => import('./routes/MyAccountPage.tsx'));
const ForgotPasswordPage = lazyPage(() => import('@/features/password-reset/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazyPage(() => import('@/features/password-reset/ResetPasswordPage.tsx'));
const NotFoundPage = lazyPage(() => import('./routes/NotFoundPage.tsx'));
const TanodDashboardPage = lazyPage(() => import('./routes/TanodDashboardPage.tsx'));
const PatrolMapPage = lazyPage(() => import('./routes/PatrolMapPage.tsx'));
const IncidentTrackingPage = lazyPage(() => import('./routes/IncidentTrackingPage.tsx'));
const SchedulePage = lazyPage(() => import('./routes/SchedulePage.tsx'));
const ManagePatrolSchedulesPage = lazyPage(() => import('./routes/ManagePatrolSchedulesPage.tsx'));

const TANOD: UserType[] = ['tanod'];
const ADMIN: UserType[] = ['admin', 'supadmin'];

/** A guarded staff page; without a page of its own yet, the titled placeholder. */
function guarded(path: string, title: string, allowed: UserType[] | 'any-signed-in', page?: React.ReactNode): RouteObject {
  return {
    path,
    element: <RouteGuard allowed={allowed}>{page ?? <RolePage title={title} />}</RouteGuard>,
  };
}

/** Brief §2 routes. Matching is case-insensitive (React Router's default), per product §1. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      { path: '/', element: <LandingPage /> },
      { path: '/tanod-login', element: <LoginPage /> },
      { path: '/signup', element: <SignupChooserPage /> },
      { path: '/resident-signup', element: <ResidentSignupPage /> },
      { path: '/Tanodevaluation', element: <TanodEvaluationPage /> },
      { path: '/Reportincidents', element: <ReportIncidentsPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password/:token', element: <ResetPasswordPage /> },
      { path: '/reset-pin/:token', element: <ResetPinPage /> },
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
          guarded('/Dashboard', 'Dashboard', TANOD, <TanodDashboardPage />),
          guarded('/Patrolmap', 'Patrol Map', TANOD, <PatrolMapPage />),
          guarded('/Equipments', 'Equipments', TANOD),
          guarded('/Performance', 'Performance', TANOD),
          guarded('/Schedule', 'Schedule', TANOD, <SchedulePage />),
          guarded('/Admindashboard', 'Admin Dashboard', ADMIN),
          guarded('/ManageTanod', 'Manage Tanod', ADMIN),
          guarded('/Resources', 'Resources', ADMIN),
          guarded('/ManagePatrolschedules', 'Manage Patrol Schedules', ADMIN, <ManagePatrolSchedulesPage />),
          guarded('/Patrol&incidenttracking', 'Patrol & Incident Tracking', ADMIN, <IncidentTrackingPage />),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
