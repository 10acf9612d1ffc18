import { createBrowserRouter, type RouteObject } from 'react-router';
import type { UserType } from '@bantay/shared';
import { lazyPage } from '@/components/lazy-page.tsx';
import { AppRoot } from './AppRoot.tsx';
import { RouteError } from './RouteError.tsx';
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
const ResourcesPage = lazyPage(() => import('./routes/ResourcesPage.tsx'));
const EquipmentsPage = lazyPage(() => import('./routes/EquipmentsPage.tsx'));
const ForgotPasswordPage = lazyPage(() => import('@/features/password-reset/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazyPage(() => import('@/features/password-reset/ResetPasswordPage.tsx'));
const NotFoundPage = lazyPage(() => import('./routes/NotFoundPage.tsx'));
const TanodDashboardPage = lazyPage(() => import('./routes/TanodDashboardPage.tsx'));
const AdminDashboardPage = lazyPage(() => import('./routes/AdminDashboardPage.tsx'));
const PatrolMapPage = lazyPage(() => import('./routes/PatrolMapPage.tsx'));
const IncidentTrackingPage = lazyPage(() => import('./routes/IncidentTrackingPage.tsx'));
const ManageTanodPage = lazyPage(() => import('./routes/ManageTanodPage.tsx'));
const SchedulePage = lazyPage(() => import('./routes/SchedulePage.tsx'));
const ManagePatrolSchedulesPage = lazyPage(() => import('./routes/ManagePatrolSchedulesPage.tsx'));

const TANOD: UserType[] = ['tanod'];
const ADMIN: UserType[] = ['admin', 'supadmin'];

/** A page of its own: its failure fills the window with the app's error screen (issue 14). */
const PAGE_ERROR = <RouteError fullPage />;
/** A page inside the staff layout: its failure fills only the page area, the layout stays. */
const IN_LAYOUT_ERROR = <RouteError />;

/** A guarded staff page; without a page of its own yet, the titled placeholder. */
function guarded(path: string, title: string, allowed: UserType[] | 'any-signed-in', page?: React.ReactNode): RouteObject {
  return {
    path,
    errorElement: IN_LAYOUT_ERROR,
    element: <RouteGuard allowed={allowed}>{page ?? <RolePage title={title} />}</RouteGuard>,
  };
}

/** Brief §2 routes. Matching is case-insensitive (React Router's default), per product §1. */
export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: PAGE_ERROR,
    children: [
      { path: '/', element: <LandingPage />, errorElement: PAGE_ERROR },
      { path: '/tanod-login', element: <LoginPage />, errorElement: PAGE_ERROR },
      { path: '/signup', element: <SignupChooserPage />, errorElement: PAGE_ERROR },
      { path: '/resident-signup', element: <ResidentSignupPage />, errorElement: PAGE_ERROR },
      { path: '/Tanodevaluation', element: <TanodEvaluationPage />, errorElement: PAGE_ERROR },
      { path: '/Reportincidents', element: <ReportIncidentsPage />, errorElement: PAGE_ERROR },
      { path: '/forgot-password', element: <ForgotPasswordPage />, errorElement: PAGE_ERROR },
      { path: '/reset-password/:token', element: <ResetPasswordPage />, errorElement: PAGE_ERROR },
      { path: '/reset-pin/:token', element: <ResetPinPage />, errorElement: PAGE_ERROR },
      {
        errorElement: PAGE_ERROR,
        element: (
          <RouteGuard allowed="any-signed-in">
            <StaffLayout />
          </RouteGuard>
        ),
        children: [
          {
            path: '/myaccount',
            errorElement: IN_LAYOUT_ERROR,
            element: (
              <RouteGuard allowed="any-signed-in">
                <MyAccountPage />
              </RouteGuard>
            ),
          },
          guarded('/Dashboard', 'Dashboard', TANOD, <TanodDashboardPage />),
          guarded('/Patrolmap', 'Patrol Map', TANOD, <PatrolMapPage />),
          guarded('/Equipments', 'Equipments', TANOD, <EquipmentsPage />),
          guarded('/Performance', 'Performance', TANOD),
          guarded('/Schedule', 'Schedule', TANOD, <SchedulePage />),
          guarded('/Admindashboard', 'Admin Dashboard', ADMIN, <AdminDashboardPage />),
          guarded('/ManageTanod', 'Manage Tanod', ADMIN, <ManageTanodPage />),
          guarded('/Resources', 'Resources', ADMIN, <ResourcesPage />),
          guarded('/ManagePatrolschedules', 'Manage Patrol Schedules', ADMIN, <ManagePatrolSchedulesPage />),
          guarded('/Patrol&incidenttracking', 'Patrol & Incident Tracking', ADMIN, <IncidentTrackingPage />),
        ],
      },
      { path: '*', element: <NotFoundPage />, errorElement: PAGE_ERROR },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
