import { ApiKeysSection } from './ApiKeysSection.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';

/**
 * The supadmin's Integrations tab (/ManageTanod?tab=integrations): the ways other systems reach
 * Bantay (docs/decisions/034-the-integration-kit.md), one section each.
 */
export function IntegrationsPage() {
  return (
    <div className="flex flex-col gap-8">
      <ApiKeysSection />
      <WebhooksSection />
    </div>
  );
}
