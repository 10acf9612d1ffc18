import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';

/**
 * The one line a form that collects personal data shows (Data Privacy Act: say why, and where
 * the whole notice is). `what` finishes the sentence: "…your report", "…your account".
 */
export function PrivacyNoticeLine({ children }: { children: string }) {
  return (
    <p className="text-xs text-muted" data-testid="privacy-notice-line">
      {children}{' '}
      <Link to="/privacy" className="font-medium text-brand-600 underline underline-offset-2 hover:no-underline">
        <Trans>Privacy notice</Trans>
      </Link>
    </p>
  );
}
