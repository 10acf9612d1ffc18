import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { BrandMark } from '@/components/BrandMark.tsx';
import { PublicShell } from '@/components/PublicShell.tsx';
import { api } from '@/lib/api-client.ts';
import { BRAND_NAME, usePublicSettings } from '@/lib/public-settings.ts';

/** `GET /api/public/privacy`: what the notice names that the barangay sets or configures. */
interface PrivacyFacts {
  barangayName: string;
  dataProtectionOfficer: { name: string; contact: string } | null;
  reporterDataRetentionDays: number;
  trackRetentionDays: number;
}

/** A part of the notice; `id` names its heading whatever the language. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2" aria-labelledby={`privacy-${id}`}>
      <h2 id={`privacy-${id}`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}


/**
 * /privacy: the privacy notice the Data Privacy Act (RA 10173) asks for: what Bantay collects, why,
 * how long it keeps it, who sees it, the resident's rights and the barangay's data protection
 * officer (from the settings). Public and light, like the other public pages (decision 003): one
 * small fetch, no query library.
 */
export default function PrivacyPage() {
  const { t } = useLingui();
  const [facts, setFacts] = useState<PrivacyFacts | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api<PrivacyFacts>('/api/public/privacy', { token: null, signal: controller.signal }).then(
      setFacts,
      (error: unknown) => {
        if ((error as Error).name !== 'AbortError') setFailed(true);
      },
    );
    return () => controller.abort();
  }, []);
  const { data: settings } = usePublicSettings();
  const barangay = facts?.barangayName ?? settings?.name ?? t`The barangay`;
  /** A retention period in words: whole years as years ("one year"), else days ("180 days"). */
  const period = (days: number) => {
    const years = days / 365;
    return Number.isInteger(years)
      ? t`${plural(years, { one: 'one year', other: '# years' })}`
      : t`${plural(days, { one: '# day', other: '# days' })}`;
  };
  // Until the server answers, the defaults of docs/product.md §4.1 and §4.6.
  const reporterRetention = period(facts?.reporterDataRetentionDays ?? 365);
  const trackRetention = period(facts?.trackRetentionDays ?? 180);
  const dpoName = facts?.dataProtectionOfficer?.name;
  const dpoContact = facts?.dataProtectionOfficer?.contact;

  return (
    <PublicShell>
      <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
        <title>{`${t`Privacy notice`} · ${BRAND_NAME}`}</title>
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <BrandMark logo={settings?.logo} className="h-14 w-14" />
          <div>
            <p className="text-sm font-semibold text-muted">{settings?.name ?? BRAND_NAME}</p>
            <h1 className="text-2xl font-bold tracking-tight">
              <Trans>Privacy notice</Trans>
            </h1>
          </div>
        </div>
        <article className="card flex flex-col gap-6 leading-relaxed">
          <p>
            <Trans>
              {barangay} runs Bantay to keep the barangay safe: to receive and answer reports, to run the tanods' patrols
              and to warn residents. This notice says what we collect, why, how long we keep it and who sees it, as the
              Data Privacy Act of 2012 (Republic Act 10173) requires.
            </Trans>
          </p>

          <Section id="what-we-collect" title={t`What we collect`}>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <Trans>
                  <strong>When you report an incident:</strong> what happened, when and where (the map point, the address
                  and a landmark), up to three photos (their hidden location and camera data are removed), and, if you
                  give them, your name and mobile number.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>When you sign up as a resident:</strong> your name, birthday, address, mobile number, an
                  optional email and photo, and your PIN (stored only as a one-way hash).
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>When you rate a tanod:</strong> the rating, your comment and the name you choose to show.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>When you use the app:</strong> the sign-ins of your account (time, device, network address),
                  and, if you turn alerts on, the address your browser gives us to send them.
                </Trans>
              </li>
              <li>
                <Trans>
                  <strong>Tanods and staff on duty:</strong> their GPS position while on patrol.
                </Trans>
              </li>
            </ul>
          </Section>

          <Section id="why-we-use-it" title={t`Why we use it`}>
            <p>
              <Trans>
                To respond to your report and tell you how it went (your ticket, and a text if you gave your number), to
                keep an official record of incidents, to stop abuse of the public forms, to send the alerts you asked for,
                and to see how the watch force serves the barangay. We do not sell your data or use it for anything else.
              </Trans>
            </p>
          </Section>

          <Section id="how-long-we-keep-it" title={t`How long we keep it`}>
            <ul className="list-disc space-y-1 pl-5">
              <li>
                <Trans>
                  A reporter's name and mobile number are erased {reporterRetention} after the report is closed. The
                  report itself stays, without them, as the barangay's record.
                </Trans>
              </li>
              <li>
                <Trans>Entries in the barangay blotter are kept as the law requires of an official logbook.</Trans>
              </li>
              <li>
                <Trans>Tanods' GPS tracks are kept for {trackRetention}.</Trans>
              </li>
              <li>
                <Trans>Texts and alerts we sent are kept for 30 days.</Trans>
              </li>
              <li>
                <Trans>Your resident account is kept until you delete it.</Trans>
              </li>
            </ul>
          </Section>

          <Section id="who-sees-it" title={t`Who sees it`}>
            <p>
              <Trans>
                The barangay's tanods and staff who handle your report, and the barangay officials who keep the record.
                Reports of violence against women and children are seen only by the officials handling them and the
                responding tanod. The public ticket page shows only the status and a general location, never who reported.
                We share data with the police or other agencies only when the law requires it or to protect someone's
                life.
              </Trans>
            </p>
          </Section>

          <Section id="your-rights" title={t`Your rights`}>
            <p>
              <Trans>
                You may ask what we keep about you, get a copy, have it corrected, or have it deleted. A signed-in
                resident downloads their data and deletes their account from the{' '}
                <Link to="/" className="font-medium text-brand-600 underline underline-offset-2 hover:no-underline">
                  home page
                </Link>{' '}
                (your reports stay, without your name and number). For anything else, write to our data protection
                officer. You may also complain to the National Privacy Commission.
              </Trans>
            </p>
          </Section>

          <Section id="data-protection-officer" title={t`Data protection officer`}>
            {facts?.dataProtectionOfficer ? (
              <p data-testid="privacy-dpo">
                <strong>{dpoName}</strong>
                {dpoContact && <>, {dpoContact}</>}
              </p>
            ) : (
              <p className="text-muted" data-testid="privacy-dpo">
                {failed
                  ? t`The officer could not be loaded. Try again later, or ask at the barangay hall.`
                  : facts
                    ? t`Ask at the barangay hall for the data protection officer.`
                    : t`Loading…`}
              </p>
            )}
          </Section>
        </article>
      </div>
    </PublicShell>
  );
}
