import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import PushAlertsSection from './PushAlertsSection.tsx';

/**
 * The signed-in resident's alerts on the landing page. The public pages carry no query cache
 * (it lives in the staff layout, to keep them light), so this chunk brings its own: it loads only
 * for a signed-in resident, never for a visitor.
 */
export default function ResidentAlertsCard() {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <PushAlertsSection audience="resident" />
    </QueryClientProvider>
  );
}
