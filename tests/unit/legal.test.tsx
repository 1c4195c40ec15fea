import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
import { LegalPage, type LegalDoc } from '#src/features/legal/legal-page.tsx';
import { RESOURCES, createTestI18n } from './i18n-test.ts';
import { ShopFacts } from './shop-test-facts.tsx';

// The router restores scroll on navigation; jsdom has no scrolling.
window.scrollTo = () => {};

/** Renders a page inside a real router (the page uses <Link>) with a real i18next instance. */
function renderWithRouter(i18n: I18n, page: () => ReactNode) {
  const rootRoute = createRootRoute({
    component: () => (
      <I18nextProvider i18n={i18n}>
        <ShopFacts>{page()}</ShopFacts>
      </I18nextProvider>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/legal'] }),
  });
  return render(<RouterProvider router={router as never} />);
}

async function renderLegal(lng: string, doc: LegalDoc) {
  renderWithRouter(await createTestI18n(lng), () => <LegalPage doc={doc} />);
  await screen.findByRole('heading', { level: 1 });
}

afterEach(() => {
  vi.restoreAllMocks();
});

/** What a reader sees as the page title and section headings, per language (SPEC: Legal pages). */
const COMPANY_TITLE: Record<string, string> = {
  lv: 'Uzņēmuma rekvizīti',
  'en-GB': 'Company details',
  'en-US': 'Company details',
};

const EXPECTED: Record<string, Record<LegalDoc, { title: string; sections: string[] }>> = {
  'en-GB': {
    privacy: {
      title: 'Privacy policy',
      sections: [
        'Introduction',
        'Third-party links',
        'Data we collect',
        'Legal justification',
        'Marketing and how to opt out',
        'Data storage and retention',
        'Data security',
        'Your rights',
        'Changes to this policy',
      ],
    },
    terms: {
      title: 'Terms and conditions',
      sections: [
        'Introduction',
        'About us',
        'Use of the website',
        'Orders and payment',
        'Personalisation',
        'Shipping and delivery',
        'Returns and refunds',
        'Intellectual property',
        'Privacy and cookies',
        'Limitation of liability',
        'Changes to these terms',
        'Compliance with laws',
        'Governing law',
        'Severability',
        'Entire agreement',
        'Contact us',
      ],
    },
    ugc: {
      title: 'User-generated content terms',
      sections: [
        'Introduction',
        'Your content stays yours',
        'The licence you give us',
        'Your warranties',
        'How we may use your content',
        'No compensation',
        'Opting out',
        'Indemnity',
        'Removal of content',
        'Governing law',
        'Contact us',
      ],
    },
  },
  'en-US': {
    privacy: {
      title: 'Privacy policy',
      sections: [
        'Introduction',
        'Third-party links',
        'Data we collect',
        'Legal justification',
        'Marketing and how to opt out',
        'Data storage and retention',
        'Data security',
        'Your rights',
        'Changes to this policy',
      ],
    },
    terms: {
      title: 'Terms and conditions',
      sections: [
        'Introduction',
        'About us',
        'Use of the website',
        'Orders and payment',
        'Personalization',
        'Shipping and delivery',
        'Returns and refunds',
        'Intellectual property',
        'Privacy and cookies',
        'Limitation of liability',
        'Changes to these terms',
        'Compliance with laws',
        'Governing law',
        'Severability',
        'Entire agreement',
        'Contact us',
      ],
    },
    ugc: {
      title: 'User-generated content terms',
      sections: [
        'Introduction',
        'Your content stays yours',
        'The license you give us',
        'Your warranties',
        'How we may use your content',
        'No compensation',
        'Opting out',
        'Indemnity',
        'Removal of content',
        'Governing law',
        'Contact us',
      ],
    },
  },
  lv: {
    privacy: {
      title: 'Privātuma politika',
      sections: [
        'Ievads',
        'Trešo personu saites',
        'Kādus datus mēs vācam',
        'Datu apstrādes tiesiskais pamats',
        'Mārketings un atteikšanās no tā',
        'Datu glabāšana',
        'Datu drošība',
        'Jūsu tiesības',
        'Izmaiņas šajā politikā',
      ],
    },
    terms: {
      title: 'Lietošanas noteikumi',
      sections: [
        'Ievads',
        'Par mums',
        'Vietnes lietošana',
        'Pasūtījumi un apmaksa',
        'Personalizācija',
        'Nosūtīšana un piegāde',
        'Atgriešana un atmaksa',
        'Intelektuālais īpašums',
        'Privātums un sīkdatnes',
        'Atbildības ierobežojums',
        'Noteikumu grozījumi',
        'Atbilstība tiesību aktiem',
        'Piemērojamie tiesību akti',
        'Noteikumu atsevišķums',
        'Pilnīga vienošanās',
        'Saziņa ar mums',
      ],
    },
    ugc: {
      title: 'Lietotāju veidota satura noteikumi',
      sections: [
        'Ievads',
        'Jūsu saturs paliek jūsu',
        'Licence, ko jūs mums piešķirat',
        'Jūsu apliecinājumi',
        'Kā mēs varam izmantot jūsu saturu',
        'Atlīdzība netiek maksāta',
        'Atteikšanās',
        'Zaudējumu atlīdzināšana',
        'Satura noņemšana',
        'Piemērojamie tiesību akti',
        'Saziņa ar mums',
      ],
    },
  },
};

const UPDATED: Record<string, string> = {
  'en-GB': 'Last updated: 12.2024',
  'en-US': 'Last updated: 12.2024',
  lv: 'Pēdējoreiz atjaunināts: 12.2024',
};

const DOCS: LegalDoc[] = ['privacy', 'terms', 'ugc'];
const CASES = Object.keys(EXPECTED).flatMap((lng) => DOCS.map((doc) => [lng, doc] as const));

describe('legal pages', () => {
  it.each(CASES)(
    '%s %s: title, date and every required section heading in order',
    async (lng, doc) => {
      await renderLegal(lng, doc);
      const expected = EXPECTED[lng]![doc];
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(expected.title);
      expect(
        screen.getByText(
          (_, element) => element?.tagName === 'P' && element.textContent === UPDATED[lng],
        ),
      ).toBeInTheDocument();
      expect(document.querySelector('time')).toHaveAttribute('datetime', '2024-12');
      const sections = screen
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent);
      // The terms and the privacy policy end with the company's details from the server's configuration.
      expect(sections).toEqual(
        doc === 'ugc' ? expected.sections : [...expected.sections, COMPANY_TITLE[lng]],
      );
      if (doc !== 'ugc') {
        const company = screen.getByRole('region', { name: COMPANY_TITLE[lng] });
        for (const detail of [
          'SIA Storymade',
          '40000000000',
          'LV40000000000',
          'Brīvības iela 1, Rīga, LV-1010, Latvia',
          '+371 20 000 000',
          'hello@storymade.eu',
        ]) {
          expect(within(company).getByText(detail)).toBeInTheDocument();
        }
      }
    },
  );

  it.each(CASES)(
    '%s %s: headings go down one level at a time, starting at h1',
    async (lng, doc) => {
      await renderLegal(lng, doc);
      const levels = screen
        .getAllByRole('heading')
        .map((heading) => Number(heading.tagName.slice(1)));
      expect(levels[0]).toBe(1);
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, i) => {
        if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
      });
      expect(document.querySelector('main')).toBeNull();
    },
  );

  it.each(CASES)('%s %s: contact e-mail is a mailto link and no markup leaks', async (lng, doc) => {
    await renderLegal(lng, doc);
    const mail = screen.getAllByRole('link', { name: 'hello@storymade.eu' });
    expect(mail.length).toBeGreaterThan(0);
    for (const link of mail) expect(link).toHaveAttribute('href', 'mailto:hello@storymade.eu');
    expect(document.body.textContent).not.toMatch(/<\/?[a-z]+>/);
  });

  it('privacy policy lists the data we collect as a list', async () => {
    await renderLegal('en-GB', 'privacy');
    const section = screen.getByRole('heading', { name: 'Data we collect' }).closest('section')!;
    const items = within(section).getAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(5);
    expect(section).toHaveTextContent("your child's name");
  });

  it('terms state the 18+ rule, Latvian law, the 14-day defect rule and both currency readings', async () => {
    await renderLegal('en-GB', 'terms');
    const text = document.body.textContent ?? '';
    expect(text).toContain('at least 18 years old or act under the supervision of a parent');
    expect(text).toContain('governed by the laws of the Republic of Latvia');
    expect(text).toContain('within 14 days of receiving the book');
    expect(text).toContain('pounds sterling on our UK pages');
    expect(text).toContain(
      'Payments are processed in euro (EUR) unless a different currency is shown at checkout',
    );
  });

  it('terms link to the privacy policy and the UGC terms, and the contents link to each section', async () => {
    await renderLegal('lv', 'terms');
    expect(screen.getAllByRole('link', { name: 'privātuma politika' })[0]).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(
      screen.getAllByRole('link', { name: 'lietotāju veidota satura noteikumi' })[0],
    ).toHaveAttribute('href', '/ugc-terms');
    const contents = screen.getByRole('navigation', { name: 'Šajā lapā' });
    const entries = within(contents).getAllByRole('link');
    expect(entries).toHaveLength(16);
    for (const entry of entries) {
      const target = document.getElementById(entry.getAttribute('href')!.slice(1));
      expect(target?.querySelector('h2')).toHaveTextContent(entry.textContent!);
    }
  });

  it('renders nothing and logs an error when the sections are not a list', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = i18next.createInstance();
    const legal = RESOURCES['en-GB']!.legal as Record<string, Record<string, unknown>>;
    await broken.use(initReactI18next).init({
      lng: 'en-GB',
      ns: ['legal'],
      resources: { 'en-GB': { legal: { ...legal, ugc: { ...legal.ugc, sections: 'missing' } } } },
      react: { useSuspense: false },
    });
    const { container } = renderWithRouter(broken, () => <LegalPage doc="ugc" />);
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith(expect.stringContaining('"ugc" has no valid sections')),
    );
    expect(container).toBeEmptyDOMElement();
  });
});
