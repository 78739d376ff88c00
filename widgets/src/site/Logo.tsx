/** The circle-and-hoop mark beside the wordmark; decorative. */
export function LogoMark() {
  return (
    <svg className="logo__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="24" fill="none" stroke="currentColor" strokeWidth="5" />
      <circle cx="32" cy="32" r="14" fill="none" stroke="var(--dc-accent-text)" strokeWidth="3" strokeDasharray="4 3" />
      <path d="M32 2v9" stroke="currentColor" strokeWidth="3" />
    </svg>
  );
}
