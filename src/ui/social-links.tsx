import { useTranslation } from 'react-i18next';

const SOCIAL_LINKS = [
  {
    key: 'facebook',
    href: 'https://www.facebook.com/storymade',
    path: 'M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.8c0-.5.3-.8.5-.8z',
  },
  {
    key: 'instagram',
    href: 'https://www.instagram.com/storymade',
    path: 'M12 7.5a4.5 4.5 0 100 9 4.5 4.5 0 000-9zm0 7.3a2.8 2.8 0 110-5.6 2.8 2.8 0 010 5.6zM17.2 5.6a1.1 1.1 0 100 2.2 1.1 1.1 0 000-2.2zM12 3c-2.4 0-2.7 0-3.7.1-3.3.1-5.1 1.9-5.2 5.2C3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 3.3 1.9 5.1 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.3-.1 5.1-1.9 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-3.3-1.9-5.1-5.2-5.2C14.7 3 14.4 3 12 3zm0 1.6c2.4 0 2.7 0 3.6.1 2.4.1 3.5 1.2 3.6 3.6.1.9.1 1.2.1 3.6s0 2.7-.1 3.6c-.1 2.4-1.2 3.5-3.6 3.6-.9.1-1.2.1-3.6.1s-2.7 0-3.6-.1c-2.4-.1-3.5-1.2-3.6-3.6-.1-.9-.1-1.2-.1-3.6s0-2.7.1-3.6c.1-2.4 1.2-3.5 3.6-3.6.9-.1 1.2-.1 3.6-.1z',
  },
  {
    key: 'tiktok',
    href: 'https://www.tiktok.com/@storymade',
    path: 'M16.6 3h-3.2v12.2a2.7 2.7 0 11-2.7-2.7c.3 0 .5 0 .8.1V9.3a6 6 0 106 6V9.1a7.4 7.4 0 004.3 1.4V7.3a4.3 4.3 0 01-4.3-4.3h-.9z',
  },
] as const;

interface SocialLinksProps {
  /** 'dark' on the footer's teal, 'light' on the page background. */
  tone?: 'dark' | 'light';
}

/** The three social networks, each opening in a new tab. */
export function SocialLinks({ tone = 'dark' }: SocialLinksProps) {
  const { t } = useTranslation();
  return (
    <ul className={`social-links social-links--${tone}`}>
      {SOCIAL_LINKS.map((link) => (
        <li key={link.key}>
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path fill="currentColor" d={link.path} />
            </svg>
            <span className="visually-hidden">
              {t(`social.${link.key}`)} {t('footer.newTab')}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
