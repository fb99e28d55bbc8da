import { Link } from '@tanstack/react-router';
import { Fragment } from 'react';

import { SUPPORT_EMAIL } from '../contact';
import { POLICIES, type Policy, type PolicyBlock } from '../content';
import * as styles from './PolicyPage.css';

/** Renders text, turning the support address into a mail link. */
function withEmailLink(text: string) {
  const [before, ...rest] = text.split(SUPPORT_EMAIL);
  if (rest.length === 0) return text;
  return (
    <>
      {before}
      <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      {rest.join(SUPPORT_EMAIL)}
    </>
  );
}

function Block({ block }: { block: PolicyBlock }) {
  if (typeof block === 'string') return <p>{withEmailLink(block)}</p>;
  if ('parts' in block) {
    return (
      <p>
        {block.parts.map((part, index) =>
          typeof part === 'string' ? (
            <Fragment key={index}>{withEmailLink(part)}</Fragment>
          ) : (
            <Link key={index} to={part.to}>
              {part.label}
            </Link>
          ),
        )}
      </p>
    );
  }
  return (
    <ul className={styles.list}>
      {block.list.map((item) => (
        <li key={item}>{withEmailLink(item)}</li>
      ))}
    </ul>
  );
}

const headingId = (heading: string) => `section-${heading.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <article className={styles.page} aria-labelledby="policy-title">
      <header className={styles.header}>
        <h1 id="policy-title" className={styles.title}>
          {policy.title}
        </h1>
        <p className={styles.intro}>{policy.intro}</p>
      </header>
      <section className={styles.facts} aria-labelledby="policy-facts">
        <h2 id="policy-facts" className={styles.factsTitle}>
          At a glance
        </h2>
        <ul className={styles.list}>
          {policy.keyFacts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      </section>
      {policy.sections.map((section) => (
        <section key={section.heading} className={styles.section} aria-labelledby={headingId(section.heading)}>
          <h2 id={headingId(section.heading)} className={styles.sectionTitle}>
            {section.heading}
          </h2>
          {section.blocks.map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </section>
      ))}
      <nav className={styles.others} aria-label="Other policies">
        <h2 className={styles.sectionTitle}>Other policies</h2>
        <ul className={styles.otherList}>
          {POLICIES.filter((other) => other.path !== policy.path).map((other) => (
            <li key={other.path}>
              <Link to={other.path as string}>{other.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
