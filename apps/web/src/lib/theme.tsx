import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
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

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(() => initialTheme(storage.get('theme'), systemPrefersDark()));

  useEffect(() => {
    try {
      applyTheme(theme);
      storage.set('theme', theme);
    } catch (error) {
      // Brief §8: theme errors are only logged.
      console.error('Could not apply the theme', error);
    }
  }, [theme]);

  const toggleTheme = useCallback(() => setTheme((current) => (current === 'dark' ? 'light' : 'dark')), []);
  const value = useMemo(() => ({ theme, toggleTheme, setTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme outside ThemeProvider');
  return context;
}
