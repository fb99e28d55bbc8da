import { useId } from 'react';

import * as styles from './Account.css';
import { AccountPage } from './AccountPage';
import { FAQ_GROUPS, SUPPORT_LINE } from './faq-content';

/** FAQ's: native <details> disclosures, so they open by keyboard and work without script. */
export function FaqsPage() {
  const id = useId();
  return (
    <AccountPage title="FAQ's">
      {FAQ_GROUPS.map((group, index) => (
        <section key={group.title} className={styles.faqGroup} aria-labelledby={`${id}-${index}`}>
          <h2 id={`${id}-${index}`} className={styles.faqGroupTitle}>
            {group.title}
          </h2>
          {group.faqs.map((faq) => (
            <details key={faq.question} className={styles.faq}>
              <summary className={styles.faqQuestion}>{faq.question}</summary>
              <div className={styles.faqAnswer}>{faq.answer}</div>
            </details>
          ))}
        </section>
      ))}
      <p className={styles.muted}>{SUPPORT_LINE}</p>
    </AccountPage>
  );
}
