/** The default logo: a shield with a star, drawn inline so it costs no request. */
export function BrandMark({ logo, className = 'h-9 w-9' }: { logo?: string | null; className?: string }) {
  if (logo) return <img src={logo} alt="" className={`${className} rounded-full object-cover`} />;
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true">
      <path d="M20 2 5 8v11c0 9.4 6.4 16.4 15 19 8.6-2.6 15-9.6 15-19V8L20 2Z" fill="var(--color-brand-600)" />
      <path d="m20 11 2.6 5.4 5.9.8-4.3 4.1 1 5.9L20 24.4l-5.2 2.8 1-5.9-4.3-4.1 5.9-.8L20 11Z" fill="#FCD116" />
    </svg>
  );
}
