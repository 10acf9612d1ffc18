import { ToastContainer } from 'react-toastify';
import { useTheme } from '@/lib/theme.tsx';
import { TOP_BAR_TOASTS } from '@/lib/toast.ts';

/** Brief §9: 3000 ms, top-centre, one at a time. */
export default function TopBarToasts() {
  const { theme } = useTheme();
  return <ToastContainer containerId={TOP_BAR_TOASTS} position="top-center" autoClose={3000} limit={1} theme={theme} newestOnTop />;
}
