import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { openCookieSettings } from '#src/lib/cookie-settings.ts';
import { BrandMark } from './brand-mark.tsx';
import { CompanyLine } from '#src/ui/company-details.tsx';
import { PaymentLogos } from './payment-logos.tsx';
import { SocialLinks } from '#src/ui/social-links.tsx';

export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <footer id="site-footer" className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__brand">
          <p className="site-footer__name">
            <BrandMark />
            <span>{t('footer.brand')}</span>
          </p>
          <p>{t('footer.tagline')}</p>
        </div>
        <nav aria-labelledby="footer-brand-heading">
          <h2 id="footer-brand-heading">{t('footer.brand')}</h2>
          <ul>
            <li>
              <Link to="/">{t('footer.home')}</Link>
            </li>
            <li>
              <Link to="/YouCanDoIt">{t('footer.book')}</Link>
            </li>
            <li>
              <Link to="/about-us">{t('footer.about')}</Link>
            </li>
            <li>
              <Link to="/contact-us">{t('footer.contact')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-care-heading">
          <h2 id="footer-care-heading">{t('footer.customerCare')}</h2>
          <ul>
            <li>
              <Link to="/faq">{t('footer.faq')}</Link>
            </li>
            <li>
              <Link to="/delivery">{t('footer.delivery')}</Link>
            </li>
            <li>
              <Link to="/privacy-policy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/ugc-terms">{t('footer.ugcTerms')}</Link>
            </li>
            <li>
              <button
                type="button"
                className="site-footer__link-button"
                onClick={openCookieSettings}
              >
                {t('footer.cookieSettings')}
              </button>
            </li>
          </ul>
        </nav>
        <div>
          <h2>{t('footer.followUs')}</h2>
          <SocialLinks />
        </div>
      </div>
      <div className="site-footer__bottom">
        <PaymentLogos />
        <CompanyLine />
        <p>{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
