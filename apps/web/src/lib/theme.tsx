import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { storage } from './storage.ts';
import { applyTheme, initialTheme, type Theme } from './theme-choice.ts';

interface ThemeContextValue {
  theme: Theme;
  toggleTheme(): void;
  setTheme(theme: Theme): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

function systemPrefersDark(): boolean {
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

const never = () => () => undefined;

/**
 * False while React hydrates a pre-rendered page (decision 013), true in every later render. The
 * server cannot know the visitor's theme, so it renders the light one; the theme toggle shows the
 * light one during hydration too, so the markup matches, and switches in the render right after.
 * The page's colours never wait: theme-init.js set the class before the first paint.
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(() => initialTheme(storage.get('theme'), systemPrefersDark()));
  const hydrated = useHydrated();
  const shownTheme: Theme = hydrated ? theme : 'light';

  useEffect(() => {
    try {
      applyTheme(theme);
      storage.set('theme', theme);
    } catch (error) {
      // docs/product.md §A8: theme errors are only logged.
      console.error('Could not apply the theme', error);
    }
  }, [theme]);

  const toggleTheme = useCallback(() => setTheme((current) => (current === 'dark' ? 'light' : 'dark')), []);
  const value = useMemo(() => ({ theme: shownTheme, toggleTheme, setTheme }), [shownTheme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme outside ThemeProvider');
  return context;
}
