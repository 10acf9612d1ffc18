import { Moon, Sun } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';
import { useTheme } from '@/lib/theme.tsx';

/** docs/product.md §A2: the top bar's moon or sun, titled with what a click does. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const { t } = useLingui();
  const label = theme === 'dark' ? t`Switch to Light Mode` : t`Switch to Dark Mode`;
  return (
    <button type="button" className="icon-btn" title={label} aria-label={label} onClick={toggleTheme}>
      {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
    </button>
  );
}
