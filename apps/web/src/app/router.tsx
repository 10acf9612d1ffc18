import { Route, Router, Switch, type AroundNavHandler } from 'wouter';
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
// Asked for the emergency screen, the bot-check's solve starts with its code (lib/bot-check.ts).
const ReportIncidentsPage = lazyPage(
  withCatalog(() => {
    if (new URLSearchParams(location.search).get('emergency') === '1')
      void import('@/lib/bot-check.ts').then((botCheck) => botCheck.solveBotCheckAhead(), () => undefined);
    return import('@/features/report/ReportIncidentsPage.tsx');
  }),
);
const TanodEvaluationPage = lazyPage(withCatalog(() => import('@/features/evaluations/TanodEvaluationPage.tsx')));
// The staff layout and its part of the catalogue (src/lib/i18n.ts) arrive together, with the public
// part, whose modules (forms, dialogs) the staff pages use too.
const StaffLayout = lazyPage(withCatalog(withCatalog(() => import('./layout/StaffLayout.tsx'), 'staff')));
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

interface StaffRoute {
  path: string;
  page: React.ReactNode;
}

/** A staff page behind its role guard. */
function guarded(path: string, allowed: UserType[] | 'any-signed-in', page: React.ReactNode): StaffRoute {
  return { path, page: <RouteGuard allowed={allowed}>{page}</RouteGuard> };
}

/** The pages inside the staff layout (docs/product.md §A2). */
const STAFF_ROUTES: StaffRoute[] = [
  {
    path: '/myaccount',
    page: (
      <RouteGuard allowed="any-signed-in">
        <MyAccountPage />
      </RouteGuard>
    ),
  },
  guarded('/Dashboard', TANOD, <TanodDashboardPage />),
  guarded('/Patrolmap', TANOD, <PatrolMapPage />),
  guarded('/Equipments', TANOD, <EquipmentsPage />),
  guarded('/Performance', TANOD, <PerformancePage />),
  guarded('/Schedule', TANOD, <SchedulePage />),
  guarded('/Admindashboard', ADMIN, <AdminDashboardPage />),
  guarded('/ManageTanod', ADMIN, <ManageTanodPage />),
  guarded('/Resources', ADMIN, <ResourcesPage />),
  guarded('/ManagePatrolschedules', ADMIN, <ManagePatrolSchedulesPage />),
  guarded('/Patrol&incidenttracking', ADMIN, <IncidentTrackingPage />),
];

/**
 * Any of the staff pages, which share one layout: the layout stays mounted while its pages change.
 * Case-insensitive, with an optional trailing slash, as wouter matches a path (regexparam's pattern).
 */
const STAFF_PATHS = new RegExp(
  `^(?:${STAFF_ROUTES.map(({ path }) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})/?$`,
  'i',
);

/**
 * A link or navigation to the address already shown replaces its history entry instead of adding a
 * copy, as React Router's links did, so Back leaves the page at once.
 */
const replaceWhenSameAddress: AroundNavHandler = (navigate, to, options) =>
  navigate(to, to === location.pathname + location.search + location.hash ? { ...options, replace: true } : options);

/**
 * docs/product.md §A2 routes, under wouter (decision 030): the browser's location in the browser, the
 * pre-rendered path when the landing page is rendered on the server (src/prerender/landing.tsx).
 * Matching is case-insensitive, per docs/product.md §1: regexparam, which wouter builds its patterns
 * with, gives every pattern the `i` flag. The first route that matches is rendered.
 */
export function AppRoutes() {
  return (
    <Router aroundNav={replaceWhenSameAddress}>
      <RouteBoundary fullPage>
        <AppRoot>
          <Switch>
            <Route path="/">{ownPage(<LandingPage />)}</Route>
            <Route path="/tanod-login">{ownPage(<LoginPage />)}</Route>
            <Route path="/signup">{ownPage(<SignupChooserPage />)}</Route>
            <Route path="/resident-signup">{ownPage(<ResidentSignupPage />)}</Route>
            <Route path="/Tanodevaluation">{ownPage(<TanodEvaluationPage />)}</Route>
            <Route path="/Reportincidents">{ownPage(<ReportIncidentsPage />)}</Route>
            <Route path="/forgot-password">{ownPage(<ForgotPasswordPage />)}</Route>
            <Route path="/reset-password/:token">{ownPage(<ResetPasswordPage />)}</Route>
            <Route path="/reset-pin/:token">{ownPage(<ResetPinPage />)}</Route>
            <Route path="/privacy">{ownPage(<PrivacyPage />)}</Route>
            <Route path={STAFF_PATHS}>
              {ownPage(
                <RouteGuard allowed="any-signed-in">
                  <StaffLayout>
                    <Switch>
                      {STAFF_ROUTES.map(({ path, page }) => (
                        <Route key={path} path={path}>
                          {inLayout(page)}
                        </Route>
                      ))}
                    </Switch>
                  </StaffLayout>
                </RouteGuard>,
              )}
            </Route>
            <Route>{ownPage(<NotFoundPage />)}</Route>
          </Switch>
        </AppRoot>
      </RouteBoundary>
    </Router>
  );
}
