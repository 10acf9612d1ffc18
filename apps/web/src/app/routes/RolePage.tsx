import { Trans, useLingui } from '@lingui/react/macro';
import { ROLE_NAMES } from '@/lib/role-names.ts';
import { useSession } from '@/lib/session.tsx';

/** A staff page's frame: its title and who is signed in. Features fill the body. */
export default function RolePage({ title, children }: { title: string; children?: React.ReactNode }) {
  const { t } = useLingui();
  const { user } = useSession();
  const name = user ? `${user.firstName} ${user.lastName}` : '';
  const role = user ? t(ROLE_NAMES[user.userType]) : '';
  return (
    <section aria-labelledby="page-title" className="mx-auto max-w-6xl">
      <header className="mb-6">
        <h1 id="page-title" className="text-2xl font-bold tracking-tight text-ink">
          {title}
        </h1>
        {user && (
          <p className="mt-1 text-sm text-muted" data-testid="signed-in-user">
            <Trans>
              Signed in as {name} · <span className="capitalize">{role}</span>
            </Trans>
          </p>
        )}
      </header>
      {children}
    </section>
  );
}
