export type Theme = 'light' | 'dark';

/** docs/product.md §A4: the stored choice, else the operating system's dark preference, else light. */
export function initialTheme(stored: string | null, prefersDark: boolean): Theme {
  if (stored === 'light' || stored === 'dark') return stored;
  return prefersDark ? 'dark' : 'light';
}

export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark-mode', theme === 'dark');
  root.classList.toggle('light-mode', theme === 'light');
  root.style.colorScheme = theme;
}
