import type { ReactNode } from 'react';
import { BrandMark } from '@/components/BrandMark.tsx';
import { PublicShell } from '@/components/PublicShell.tsx';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';

interface ResidentPageFrameProps {
  title: string;
  children: ReactNode;
  /** Tailwind max-width class of the column. */
  widthClass?: string;
}

/**
 * The frame of the residents' account pages: the public shell, then the logo, the barangay and the
 * title above the content, like the staff sign-in and password pages.
 */
export function ResidentPageFrame({ title, children, widthClass = 'max-w-md' }: ResidentPageFrameProps) {
  const { data: settings } = usePublicSettings();
  return (
    <PublicShell>
      <div className={`mx-auto w-full ${widthClass} px-4 py-6 sm:py-10`}>
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark logo={settings?.logo} className="h-14 w-14" />
          <div>
            <p className="text-sm font-semibold text-muted">{settings?.name ?? BRAND_NAME}</p>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          </div>
        </div>
        {children}
      </div>
    </PublicShell>
  );
}
