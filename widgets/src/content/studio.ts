/** Studio contact details shown in the footer; the owner replaces these placeholders. */
export const STUDIO = {
  email: 'hello@thedarkcircle.shop',
  area: 'A two-person studio serving the greater metro area — local pickup available',
  social: [
    { label: 'Instagram', href: 'https://www.instagram.com/thedarkcircle' },
    { label: 'Facebook', href: 'https://www.facebook.com/thedarkcircle' },
    { label: 'TikTok', href: 'https://www.tiktok.com/@thedarkcircle' },
  ],
} as const;
