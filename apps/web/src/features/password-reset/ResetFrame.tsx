import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import { BrandMark } from '@/components/BrandMark.tsx';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';

/** The frame of the password pages, matching the sign-in page: logo, barangay, title, card. */
export function ResetFrame({ title, children }: { title: string; children: ReactNode }) {
  const { data: settings } = usePublicSettings();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-10 text-ink">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark logo={settings?.logo} className="h-14 w-14" />
          <div>
            <p className="text-sm font-semibold text-muted">{settings?.name ?? BRAND_NAME}</p>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          </div>
        </div>
        {children}
        <p className="mt-6 text-center text-sm text-muted">
          <Trans>
            Remembered it?{' '}
            <Link to="/tanod-login" className="font-medium text-brand-600 hover:underline">
              Back to sign-in
            </Link>
          </Trans>
        </p>
      </div>
    </main>
  );
}
