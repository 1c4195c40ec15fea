import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { CompanyDetails } from '#src/ui/company-details.tsx';
import './legal.css';

export type LegalDoc = 'privacy' | 'terms' | 'ugc';

/** A paragraph (string with inline markup), a bulleted list, or a sub-heading. */
type LegalBlock = string | { list: string[] } | { subtitle: string };

interface LegalSection {
  id: string;
  title: string;
  body: LegalBlock[];
}

interface LegalPageProps {
  doc: LegalDoc;
}

function isBlock(value: unknown): value is LegalBlock {
  if (typeof value === 'string') return true;
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if ('list' in record) {
    return Array.isArray(record.list) && record.list.every((item) => typeof item === 'string');
  }
  return typeof record.subtitle === 'string';
}

function readSections(data: unknown): LegalSection[] | null {
  if (!Array.isArray(data)) return null;
  const sections: LegalSection[] = [];
  for (const entry of data as unknown[]) {
    if (typeof entry !== 'object' || entry === null) return null;
    const { id, title, body } = entry as Record<string, unknown>;
    if (typeof id !== 'string' || typeof title !== 'string') return null;
    if (!Array.isArray(body) || !body.every(isBlock)) return null;
    sections.push({ id, title, body });
  }
  return sections;
}

const INLINE_TAG = /<([a-z]+)>(.*?)<\/\1>/g;

const INTERNAL_LINKS = {
  privacy: '/privacy-policy',
  terms: '/terms',
  ugc: '/ugc-terms',
  contact: '/contact-us',
} as const;

function isInternalTag(tag: string): tag is keyof typeof INTERNAL_LINKS {
  return Object.hasOwn(INTERNAL_LINKS, tag);
}

/**
 * Inline markup of legal text: <email>address</email> becomes a mailto link; <privacy>,
 * <terms>, <ugc> and <contact> link to those pages. Unknown tags keep only their text.
 */
function renderInline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_TAG)) {
    const [whole, tag = '', inner = ''] = match;
    if (match.index > last) out.push(text.slice(last, match.index));
    const key = `${tag}-${match.index}`;
    if (tag === 'email') {
      out.push(
        <a key={key} href={`mailto:${inner}`}>
          {inner}
        </a>,
      );
    } else if (isInternalTag(tag)) {
      out.push(
        <Link key={key} to={INTERNAL_LINKS[tag]}>
          {inner}
        </Link>,
      );
    } else {
      out.push(inner);
    }
    last = match.index + whole.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <p>{renderInline(block)}</p>;
  if ('list' in block) {
    return (
      <ul>
        {block.list.map((item) => (
          <li key={item}>{renderInline(item)}</li>
        ))}
      </ul>
    );
  }
  return <h3>{block.subtitle}</h3>;
}

/** Privacy policy, terms and conditions or user-generated-content terms, from the `legal` namespace. */
export function LegalPage({ doc }: LegalPageProps) {
  const { t, i18n } = useTranslation('legal');
  const contentsId = useId();
  const data: unknown = t(`${doc}.sections`, { returnObjects: true });
  const sections = readSections(data);
  const valid = sections !== null;

  useEffect(() => {
    if (!valid)
      console.error(`Legal page "${doc}" has no valid sections (language ${i18n.language})`);
  }, [valid, doc, i18n.language]);

  if (sections === null) return null;

  const anchor = (id: string) => `${doc}-${id}`;

  return (
    <article className="legal">
      <div className="legal-header">
        <h1>{t(`${doc}.title`)}</h1>
        <p className="legal-updated">
          {t('common.lastUpdated')} <time dateTime={t('common.dateIso')}>{t('common.date')}</time>
        </p>
        <p className="legal-lead">{t(`${doc}.lead`)}</p>
      </div>

      {sections.length > 3 ? (
        <nav className="legal-contents" aria-labelledby={contentsId}>
          <p className="legal-contents-title" id={contentsId}>
            {t('common.contents')}
          </p>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${anchor(section.id)}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}

      {sections.map((section) => (
        <section className="legal-section" id={anchor(section.id)} key={section.id}>
          <h2>{section.title}</h2>
          {section.body.map((block, index) => (
            <Block block={block} key={index} />
          ))}
        </section>
      ))}
      {doc !== 'ugc' && <CompanyDetails />}
    </article>
  );
}
