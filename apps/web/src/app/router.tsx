import { useRoutes, type RouteObject } from 'react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { UserType } from '@bantay/shared';
import { lazyPage } from '@/components/lazy-page.tsx';
import { withCatalog } from '@/lib/i18n.ts';
import { AppRoot } from './AppRoot.tsx';
import { RouteBoundary } from './RouteBoundary.tsx';
import { RouteGuard } from './RouteGuard.tsx';

// Every page is its own chunk, so the public pages never download the staff app (docs/product.md §8).
// The landing page's strings come with the app's start (src/lib/i18n.ts); every other page brings
// the public part of the catalogue with its code, the staff layout the staff part as well.
const LandingPage = lazyPage(() => import('./routes/LandingPage.tsx'));
const LoginPage = lazyPage(withCatalog(() => import('@/features/auth/LoginPage.tsx')));
const SignupChooserPage = lazyPage(withCatalog(() => import('@/features/residents/SignupChooserPage.tsx')));
const ResidentSignupPage = lazyPage(withCatalog(() => import('@/features/residents/ResidentSignupPage.tsx')));
const ResetPinPage = lazyPage(withCatalog(() => import('@/features/residents/ResetPinPage.tsx')));
const ReportIncidentsPage = lazyPage(withCatalog(() => import('@/features/report/ReportIncidentsPage.tsx')));
const TanodEvaluationPage = lazyPage(withCatalog(() => import('@/features/evaluations/TanodEvaluationPage.tsx')));
// The staff layout and its part of the catalogue (src/lib/i18n.ts) arrive together, with the public
// part, whose modules (forms, dialogs) the staff pages use too.
const StaffLayout = lazyPage(withCatalog(withCatalog(() => import('./layout/StaffLayout.tsx'), 'staff')));
const RolePage = lazyPage(() => import('./routes/RolePage.tsx'));
const MyAccountPage = lazyPage(() => import('./routes/MyAccountPage.tsx'));
const ResourcesPage = lazyPage(() => import('./routes/ResourcesPage.tsx'));
const EquipmentsPage = lazyPage(() => import('./routes/EquipmentsPage.tsx'));
const ForgotPasswordPage = lazyPage(withCatalog(() => import('@/features/password-reset/ForgotPasswordPage.tsx')));
const ResetPasswordPage = lazyPage(withCatalog(() => import('@/features/password-reset/ResetPasswordPage.tsx')));
const NotFoundPage = lazyPage(withCatalog(() => import('./routes/NotFoundPage.tsx')));
const PrivacyPage = lazyPage(withCatalog(() => import('@/features/privacy/PrivacyPage.tsx')));
const TanodDashboardPage = lazyPage(() => import('./routes/TanodDashboardPage.tsx'));
const AdminDashboardPage = lazyPage(() => import('./routes/AdminDashboardPage.tsx'));
const PatrolMapPage = lazyPage(() => import('./routes/PatrolMapPage.tsx'));
const IncidentTrackingPage = lazyPage(() => import('./routes/IncidentTrackingPage.tsx'));
const ManageTanodPage = lazyPage(() => import('./routes/ManageTanodPage.tsx'));
const SchedulePage = lazyPage(() => import('./routes/SchedulePage.tsx'));
const ManagePatrolSchedulesPage = lazyPage(() => import('./routes/ManagePatrolSchedulesPage.tsx'));
const PerformancePage = lazyPage(() => import('./routes/PerformancePage.tsx'));

const TANOD: UserType[] = ['tanod'];
const ADMIN: UserType[] = ['admin', 'supadmin'];

/** A page of its own: its failure fills the window with the app's error screen. */
const ownPage = (element: React.ReactNode) => <RouteBoundary fullPage>{element}</RouteBoundary>;
/** A page inside the staff layout: its failure fills only the page area, the layout stays. */
const inLayout = (element: React.ReactNode) => <RouteBoundary>{element}</RouteBoundary>;

/** A staff page not built yet: the page frame with its title, in the language on screen. */
function Placeholder({ title }: { title: MessageDescriptor }) {
  const { t } = useLingui();
  return <RolePage title={t(title)} />;
}

/** A guarded staff page; without a page of its own yet, the titled placeholder. */
function guarded(
  path: string,
  title: MessageDescriptor,
  allowed: UserType[] | 'any-signed-in',
  page?: React.ReactNode,
): RouteObject {
  return { path, element: inLayout(<RouteGuard allowed={allowed}>{page ?? <Placeholder title={title} />}</RouteGuard>) };
}

/** docs/product.md §A2 routes. Matching is case-insensitive (React Router's default), per docs/product.md §1. */
export const routes: RouteObject[] = [
  {
    element: ownPage(<AppRoot />),
    children: [
      { path: '/', element: ownPage(<LandingPage />) },
      { path: '/tanod-login', element: ownPage(<LoginPage />) },
      { path: '/signup', element: ownPage(<SignupChooserPage />) },
      { path: '/resident-signup', element: ownPage(<ResidentSignupPage />) },
      { path: '/Tanodevaluation', element: ownPage(<TanodEvaluationPage />) },
      { path: '/Reportincidents', element: ownPage(<ReportIncidentsPage />) },
      { path: '/forgot-password', element: ownPage(<ForgotPasswordPage />) },
      { path: '/reset-password/:token', element: ownPage(<ResetPasswordPage />) },
      { path: '/reset-pin/:token', element: ownPage(<ResetPinPage />) },
      { path: '/privacy', element: ownPage(<PrivacyPage />) },
      {
        element: ownPage(
          <RouteGuard allowed="any-signed-in">
            <StaffLayout />
          </RouteGuard>,
        ),
        children: [
          {
            path: '/myaccount',
            element: inLayout(
              <RouteGuard allowed="any-signed-in">
                <MyAccountPage />
              </RouteGuard>,
            ),
          },
          guarded('/Dashboard', msg`Dashboard`, TANOD, <TanodDashboardPage />),
          guarded('/Patrolmap', msg`Patrol Map`, TANOD, <PatrolMapPage />),
          guarded('/Equipments', msg`Equipments`, TANOD, <EquipmentsPage />),
          guarded('/Performance', msg`Performance`, TANOD, <PerformancePage />),
          guarded('/Schedule', msg`Schedule`, TANOD, <SchedulePage />),
          guarded('/Admindashboard', msg`Admin Dashboard`, ADMIN, <AdminDashboardPage />),
          guarded('/ManageTanod', msg`Manage Tanod`, ADMIN, <ManageTanodPage />),
          guarded('/Resources', msg`Resources`, ADMIN, <ResourcesPage />),
          guarded('/ManagePatrolschedules', msg`Manage Patrol Schedules`, ADMIN, <ManagePatrolSchedulesPage />),
          guarded('/Patrol&incidenttracking', msg`Patrol & Incident Tracking`, ADMIN, <IncidentTrackingPage />),
        ],
      },
      { path: '*', element: ownPage(<NotFoundPage />) },
    ],
  },
];

/**
 * The app's pages, under the declarative router (BrowserRouter in the browser, StaticRouter when
 * the landing page is pre-rendered): the app uses no loaders or actions, so React Router's data
 * router would only add its weight to every page's first load (decision 013).
 */
export function AppRoutes() {
  return useRoutes(routes);
}
