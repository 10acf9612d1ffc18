import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/lib/theme.tsx';

/** docs/product.md §A2: the top bar's moon or sun, titled with what a click does. */
export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? 'Switch to Light Mode' : 'Switch to Dark Mode';
  return (
    <button type="button" className="icon-btn" title={label} aria-label={label} onClick={toggleTheme}>
      {theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
    </button>
  );
}
