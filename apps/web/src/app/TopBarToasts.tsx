import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { useTheme } from '@/lib/theme.tsx';
import { markToastContainerReady, TOP_BAR_TOASTS } from '@/lib/toast.ts';

/** docs/product.md §A9: 3000 ms, top-centre, one at a time (the queue in lib/toast.ts). */
export default function TopBarToasts() {
  const { theme } = useTheme();
  // Runs after the container's own effects, so it has registered with react-toastify by now.
  useEffect(markToastContainerReady, []);
  return <ToastContainer containerId={TOP_BAR_TOASTS} position="top-center" autoClose={3000} theme={theme} newestOnTop />;
}
